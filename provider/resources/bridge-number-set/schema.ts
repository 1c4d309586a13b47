import { z } from "zod";
import { adoptMode } from "../../runtime/adopt";
import { phoneNumber, platformId, slug } from "../../runtime/fields";

/** One number of a set as declared: the number and the provider configuration that connects it. */
export const SetNumber = z
  .object({
    phoneNumber: phoneNumber.describe("The phone number in E.164 form, e.g. `+14155550100`."),
    providerConfigurationId: platformId.describe(
      "The id of the provider configuration whose account holds the number.",
    ),
  })
  .meta({
    id: "BridgeNumbersNumber",
    description: "A number of a `BridgeNumbers` set and the provider configuration that connects it.",
  });
export type SetNumber = z.infer<typeof SetNumber>;

/** A set's inputs after check: numbers normalized, without duplicates, sorted by number. */
export const BridgeNumbersInputs = z.object({
  bridgeSlug: slug.describe("The slug of the bridge whose numbers the set declares; the resource id."),
  numbers: z
    .array(SetNumber)
    .describe(
      "Every number the bridge holds, each with its provider configuration: numbers on the bridge but not here are disconnected.",
    ),
  adopt: adoptMode,
});
export type BridgeNumbersInputs = z.infer<typeof BridgeNumbersInputs>;

/** One number state records on the bridge: what the platform shows, and the configuration that connected it. */
export const LinkedNumber = z
  .object({
    phoneNumber: z.string().describe("The phone number in E.164 form."),
    providerConfigurationId: z
      .int()
      .nullable()
      .describe(
        "The provider configuration that connected the number; null when the number was linked outside the set (the platform does not say).",
      ),
    numberId: z
      .int()
      .nullable()
      .describe(
        "The platform's id of the linked number; null when the set linked it but could not read the bridge back (the next read fills it in).",
      ),
  })
  .meta({ id: "BridgeNumbersLink", description: "A number linked to the bridge, as the platform shows it." });
export type LinkedNumber = z.infer<typeof LinkedNumber>;

/** What state records for a set: every number linked to the bridge, sorted by number. */
export const BridgeNumbersOutputs = z.object({
  bridgeSlug: z.string(),
  numbers: z.array(LinkedNumber),
});
export type BridgeNumbersOutputs = z.infer<typeof BridgeNumbersOutputs>;
