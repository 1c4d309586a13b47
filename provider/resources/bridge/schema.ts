import { z } from "zod";
import { adoptMode } from "../../runtime/adopt";
import { bridgeName, slug } from "../../runtime/fields";

/** A bridge's inputs after check. */
export const BridgeInputs = z.object({
  name: bridgeName.describe("The bridge's display name."),
  slug: slug.describe("The bridge's slug, its key on the platform and the resource id; a change replaces."),
  adopt: adoptMode,
});
export type BridgeInputs = z.infer<typeof BridgeInputs>;

/**
 * What state records for a bridge. Linked numbers are deliberately absent: they belong to
 * `BridgeNumber` resources, and listing them here would make every link look like bridge drift.
 */
export const BridgeOutputs = z.object({
  name: z.string(),
  slug: z.string(),
  bridgeId: z.int().describe("The platform's numeric id of the bridge."),
  createdAt: z.string().nullable().describe("When the platform created the bridge (ISO 8601), if it says."),
});
export type BridgeOutputs = z.infer<typeof BridgeOutputs>;
