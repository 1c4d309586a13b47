import { listProviderConfigurations } from "../../lookups/provider-configurations";
import { dataSource } from "../data-source";

export type { ProviderConfigurationSummary } from "../../lookups/provider-configurations";

const configurations = dataSource("getProviderConfigurations", listProviderConfigurations);

/** Lists the organization's provider configurations. */
export const getProviderConfigurations = configurations.get;
/** {@link getProviderConfigurations} as an Output. */
export const getProviderConfigurationsOutput = configurations.getOutput;
