import { z } from "zod";
import { adoptMode } from "../runtime/adopt";
import { phoneNumber, platformId, slug } from "../runtime/fields";

/** A link's inputs after check. */
export const BridgeNumberInputs = z.object({
  bridgeSlug: slug,
  providerConfigurationId: platformId,
  phoneNumber,
  adopt: adoptMode,
});
export type BridgeNumberInputs = z.infer<typeof BridgeNumberInputs>;

/** What state records for a link between a provider number and a bridge. */
export const BridgeNumberOutputs = z.object({
  bridgeSlug: z.string(),
  providerConfigurationId: z.int(),
  phoneNumber: z.string(),
  numberId: z.int(),
  state: z.string().nullable(),
  active: z.boolean().nullable(),
  channelsCount: z.int().nullable(),
  status: z.string().nullable(),
});
export type BridgeNumberOutputs = z.infer<typeof BridgeNumberOutputs>;

/** How messages name a bridge number link and what its resource id is. */
export const BridgeNumberNaming = {
  noun: "bridge number link",
  id: "<bridgeSlug>/<configurationId>/<E.164 number>",
} as const;
