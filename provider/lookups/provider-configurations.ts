import { z } from "zod";
import type { VoiceClient } from "../../sdk";
import { lookup } from "./lookup";

/** A provider configuration as listed (the auth token is write-only and never listed). */
export const ProviderConfigurationSummary = z
  .object({
    id: z.int().describe("The configuration's id."),
    provider: z.string().describe("The provider's catalogue slug."),
    accountSid: z.string().describe("The account at the provider."),
    createdAt: z.string().nullable().describe("When it was created (ISO 8601)."),
  })
  .meta({
    id: "ProviderConfigurationSummary",
    description: "A provider configuration as listed (the auth token is never listed).",
  });
export type ProviderConfigurationSummary = z.infer<typeof ProviderConfigurationSummary>;

/** Lists the organization's provider configurations. */
export async function listProviderConfigurations(
  client: VoiceClient,
): Promise<ProviderConfigurationSummary[]> {
  return (await client.providerConfigurations.list()).data.map((c) => ({
    id: c.id,
    provider: c.provider,
    accountSid: c.account_sid,
    createdAt: c.created_at ?? null,
  }));
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
