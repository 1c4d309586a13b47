import type { ProviderConfiguration } from "../../../sdk";
import type { ExportMapping } from "../../descriptor";

/** A configuration exported: the kind `configuration`, read by its platform id; the auth token comes from secret config. */
export const PROVIDER_CONFIGURATION_EXPORT: ExportMapping<"configuration", ProviderConfiguration> = {
  kind: "configuration",
  aliases: ["config"],
  id: (c) => String(c.id),
  inputs: (c) => ({ provider: c.provider, accountSid: c.account_sid }),
};
