import { z } from "zod";
import { adoptMode } from "../../runtime/adopt";
import { label, secretString } from "../../runtime/fields";
import { secret } from "../../runtime/secrets";

/** A configuration's inputs after check: what the program declared, normalized. */
export const ProviderConfigurationInputs = z.object({
  provider: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: "must be a provider slug from the catalogue, e.g. twilio" })
    .describe("The provider's slug from the platform's catalogue, e.g. `twilio`; a change replaces."),
  accountSid: label.describe("The account identifier at the provider (Twilio's Account SID)."),
  authToken: secret(
    secretString.describe(
      "The provider account's auth token; write-only on the platform, kept as a secret in state.",
    ),
  ),
  adopt: adoptMode,
});
export type ProviderConfigurationInputs = z.infer<typeof ProviderConfigurationInputs>;

/** What state records for a configuration; `authToken` is kept from the inputs, since the platform never returns it. */
export const ProviderConfigurationOutputs = z.object({
  provider: z.string(),
  accountSid: z.string(),
  authToken: z.string().optional(),
  configurationId: z.int().describe("The platform's id of the configuration."),
  createdAt: z
    .string()
    .nullable()
    .describe("When the platform created the configuration (ISO 8601), if it says."),
});
export type ProviderConfigurationOutputs = z.infer<typeof ProviderConfigurationOutputs>;
