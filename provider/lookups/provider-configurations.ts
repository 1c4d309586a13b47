import { z } from "zod";
import { ProviderConfiguration as PlatformConfiguration, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** A provider configuration as listed (the auth token is write-only and never listed). */
export const ProviderConfigurationSummary = view(
  PlatformConfiguration,
  {
    id: "ProviderConfigurationSummary",
    description: "A provider configuration as listed (the auth token is never listed).",
  },
  {
    id: "The configuration's id.",
    provider: "The provider's catalogue slug.",
    account_sid: "The account at the provider.",
    created_at: "When it was created (ISO 8601).",
  },
);
export type ProviderConfigurationSummary = z.infer<typeof ProviderConfigurationSummary>;

/** Lists the organization's provider configurations. */
export async function listProviderConfigurations(
  client: VoiceClient,
): Promise<ProviderConfigurationSummary[]> {
  return (await client.providerConfigurations.list()).data.map((c) => seen(ProviderConfigurationSummary, c));
}

export const providerConfigurationLookups = [
  lookup({
    name: "getProviderConfigurations",
    description: "Lists the organization's provider configurations (auth tokens are never listed).",
    args: z.object({}),
    output: ProviderConfigurationSummary,
    many: true,
    run: listProviderConfigurations,
  }),
];
