import { z } from "zod";
import { adoptMode } from "../runtime/adopt";
import { label, secretString } from "../runtime/fields";

/** A configuration's inputs after check: what the program declared, normalized. */
export const ProviderConfigurationInputs = z.object({
  provider: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: "must be a provider slug from the catalogue, e.g. twilio" }),
  accountSid: label,
  authToken: secretString,
  adopt: adoptMode,
});
export type ProviderConfigurationInputs = z.infer<typeof ProviderConfigurationInputs>;

/** What state records for a configuration; `authToken` is kept from the inputs, since the platform never returns it. */
export const ProviderConfigurationOutputs = z.object({
  provider: z.string(),
  accountSid: z.string(),
  authToken: z.string().optional(),
  configurationId: z.int(),
  createdAt: z.string().nullable(),
});
export type ProviderConfigurationOutputs = z.infer<typeof ProviderConfigurationOutputs>;

/** How messages name a provider configuration and what its resource id is. */
export const ProviderConfigurationNaming = {
  noun: "provider configuration",
  id: "the configuration id",
} as const;
