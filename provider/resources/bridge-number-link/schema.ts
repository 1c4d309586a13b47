import { z } from "zod";
import { adoptMode } from "../../runtime/adopt";
import { phoneNumber, platformId, slug } from "../../runtime/fields";

/** A link's inputs after check. */
export const BridgeNumberInputs = z.object({
  bridgeSlug: slug.describe("The slug of the bridge the number is linked to."),
  providerConfigurationId: platformId.describe("The id of the provider configuration that owns the number."),
  phoneNumber: phoneNumber.describe("The phone number in E.164 form, e.g. `+14155550100`."),
  adopt: adoptMode,
});
export type BridgeNumberInputs = z.infer<typeof BridgeNumberInputs>;

/** What state records for a link between a provider number and a bridge. */
export const BridgeNumberOutputs = z.object({
  bridgeSlug: z.string(),
  providerConfigurationId: z.int(),
  phoneNumber: z.string(),
  numberId: z.int().describe("The platform's id of the linked number."),
  state: z.string().nullable().describe("The number's state on the platform, if it says."),
  active: z.boolean().nullable().describe("Whether the number is active, if the platform says."),
  channelsCount: z.int().nullable().describe("The number of call channels, if the platform says."),
  status: z.string().nullable().describe("The number's status on the platform, if it says."),
});
export type BridgeNumberOutputs = z.infer<typeof BridgeNumberOutputs>;
