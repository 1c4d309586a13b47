import { z } from "zod";
import { adoptMode } from "../runtime/adopt";
import { bridgeName, slug } from "../runtime/fields";

/** A bridge's inputs after check. */
export const BridgeInputs = z.object({ name: bridgeName, slug, adopt: adoptMode });
export type BridgeInputs = z.infer<typeof BridgeInputs>;

/**
 * What state records for a bridge. Linked numbers are deliberately absent: they belong to
 * `BridgeNumber` resources, and listing them here would make every link look like bridge drift.
 */
export const BridgeOutputs = z.object({
  name: z.string(),
  slug: z.string(),
  bridgeId: z.int(),
  createdAt: z.string().nullable(),
});
export type BridgeOutputs = z.infer<typeof BridgeOutputs>;

/** How messages name a bridge and what its resource id is. */
export const BridgeNaming = { noun: "bridge", id: "the slug" } as const;
