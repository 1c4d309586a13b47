import type { ResourceDescriptor } from "../../runtime/descriptor";
import { PROVIDER_CONFIGURATION_EXPORT } from "./export";
import { providerConfigurationTouches } from "./impact";
import { PROVIDER_CONFIGURATION_KEY } from "./key";
import { providerConfigurationCode } from "./runtime";
import { ProviderConfigurationInputs, ProviderConfigurationOutputs } from "./schema";

/** `ProviderConfiguration`: its id is the platform's numeric id; the platform always holds its auth token. */
export const PROVIDER_CONFIGURATION: ResourceDescriptor<
  "ProviderConfiguration",
  typeof PROVIDER_CONFIGURATION_EXPORT
> = {
  type: "ProviderConfiguration",
  description: "A telephony provider account (e.g. Twilio) connected to the organization.",
  inputs: ProviderConfigurationInputs,
  outputs: ProviderConfigurationOutputs,
  naming: { noun: "provider configuration", id: "the configuration id" },
  key: PROVIDER_CONFIGURATION_KEY,
  code: providerConfigurationCode,
  // Only the provider replaces; the account and its token update in place.
  replaceOn: ["provider"],
  exported: PROVIDER_CONFIGURATION_EXPORT,
  touches: providerConfigurationTouches,
};
