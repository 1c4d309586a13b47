import { dataSource } from "../data-source";

/** A provider configuration as listed (the auth token is write-only and never listed). */
export interface ProviderConfigurationSummary {
  id: number;
  provider: string;
  accountSid: string;
  createdAt: string | null;
}

const configurations = dataSource<object, ProviderConfigurationSummary[]>(
  "getProviderConfigurations",
  async (client) =>
    (await client.providerConfigurations.list()).data.map((c) => ({
      id: c.id,
      provider: c.provider,
      accountSid: c.account_sid,
      createdAt: c.created_at ?? null,
    })),
);

/** Lists the organization's provider configurations. */
export const getProviderConfigurations = configurations.get;
/** {@link getProviderConfigurations} as an Output. */
export const getProviderConfigurationsOutput = configurations.getOutput;
