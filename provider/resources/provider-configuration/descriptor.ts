import type { ResourceDescriptor } from "../../descriptor";
import { replaceOn } from "../replace-on";
import { PROVIDER_CONFIGURATION_EXPORT } from "./export";
import { PROVIDER_CONFIGURATION_KEY } from "./key";
import { PROVIDER_CONFIGURATION_RULES, providerConfiguration } from "./runtime";
import {
  ProviderConfigurationInputs,
  ProviderConfigurationNaming,
  ProviderConfigurationOutputs,
} from "./schema";

/** `ProviderConfiguration`: its id is the platform's numeric id; the platform always holds its auth token. */
export const PROVIDER_CONFIGURATION: ResourceDescriptor<
  "ProviderConfiguration",
  typeof PROVIDER_CONFIGURATION_EXPORT
> = {
  type: "ProviderConfiguration",
  description: "A telephony provider account (e.g. Twilio) connected to the organization.",
  inputs: ProviderConfigurationInputs,
  outputs: ProviderConfigurationOutputs,
  naming: ProviderConfigurationNaming,
  key: PROVIDER_CONFIGURATION_KEY,
  provider: providerConfiguration,
  heldSecrets: () => ["authToken"],
  replaceOn: replaceOn(PROVIDER_CONFIGURATION_RULES),
  exported: PROVIDER_CONFIGURATION_EXPORT,
};
