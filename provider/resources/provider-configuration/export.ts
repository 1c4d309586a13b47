import type { ProviderConfiguration } from "../../../sdk";
import type { ExportMapping } from "../../runtime/export-mapping";
import { quoted } from "../../runtime/quoted";

/**
 * A configuration exported: the kind `configuration`, read by its platform id, named by its provider
 * (with its account when the provider has several); the auth token comes from secret config.
 */
export const PROVIDER_CONFIGURATION_EXPORT = {
  kind: "configuration",
  aliases: ["config"],
  counted: "provider configuration",
  comment:
    "Provider configurations: the auth tokens are write-only on the platform, so they come from secret config.",
  source: {
    read: async (client, progress) => {
      const configurations: ProviderConfiguration[] = [];
      for await (const c of client.providerConfigurations.list()) configurations.push(c);
      return progress.read("provider configurations", configurations);
    },
  },
  names: (c) => [c.account_sid, c.provider],
  label: (c) => `configuration ${c.id} (${quoted(c.provider)})`,
  title: (c) => `${c.provider} ${c.account_sid}`,
  shownId: (id) => id,
  order: (a, b) => a.id - b.id,
  text: (c) => ({ provider: c.provider, "account SID": c.account_sid }),
  naming: {
    name: (c, all) =>
      all.filter((o) => o.provider === c.provider).length > 1 ? `${c.provider}-${c.account_sid}` : c.provider,
    sanitize: true,
    stem: "configuration",
    suffix: "",
  },
  // Always: its configuration id is what links are connected through.
  binding: "always",
  id: (c) => String(c.id),
  inputs: (c) => ({ provider: c.provider, accountSid: c.account_sid }),
  secrets: {
    authToken: {
      key: "AuthToken",
      noun: "auth tokens",
      describe: (c) => `the auth token of ${c.provider} account ${quoted(c.account_sid)}`,
    },
  },
  references: {},
} satisfies ExportMapping<"configuration", ProviderConfiguration>;
