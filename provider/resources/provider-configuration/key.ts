import type { ProviderConfiguration, VoiceClient } from "../../../sdk";
import { type NaturalKey, text } from "../../runtime/natural-key";

/** The organization's configuration of this provider account, or `undefined` (the platform keeps one per account). */
export async function findConfiguration(
  client: VoiceClient,
  accountSid: string,
): Promise<ProviderConfiguration | undefined> {
  return (await client.providerConfigurations.list()).data.find((c) => c.account_sid === accountSid);
}

/** A configuration's natural key: the provider account it connects. */
export const PROVIDER_CONFIGURATION_KEY: NaturalKey = {
  type: "ProviderConfiguration",
  property: "accountSid",
  describe: "provider configuration for account",
  source: "ProviderConfiguration",
  async holders(client) {
    return (await client.providerConfigurations.list()).data.map((c) => [
      `ProviderConfiguration ${c.account_sid}`,
      { what: `id ${c.id}, provider ${c.provider}` },
    ]);
  },
  async idOf(client, inputs) {
    const account = text(inputs.accountSid);
    const found = account && (await findConfiguration(client, account));
    return found ? String(found.id) : undefined;
  },
};
