import type { SipTrunk } from "../../sdk";
import type { Selection } from "./filters";
import { camelCase, sanitizeName, uniqueIdentifiers, uniqueNames } from "./names";
import type { ExportedBridge } from "./organization";
import { quoted } from "./quoted";

/** A write-only value the program reads from secret stack config. */
export interface SecretInput {
  /** Stack config key in the project's namespace, e.g. `twilioAuthToken`. */
  key: string;
  /** What to put there, for the README and the printed `pulumi config set` lines. */
  describe: string;
}

export interface PlannedConfiguration {
  name: string;
  variable: string;
  provider: string;
  accountSid: string;
  id: number;
  authToken: SecretInput;
}

export interface PlannedBridge {
  name: string;
  variable: string;
  bridge: ExportedBridge;
  /** Linked numbers by the configuration variable that connects them. */
  links: { configuration: PlannedConfiguration; phoneNumbers: string[] }[];
}

export interface PlannedTrunk {
  name: string;
  variable: string;
  trunk: SipTrunk;
  /** Present when the platform holds a password (it shows a mask). */
  authPassword?: SecretInput;
}

/** What the program declares, named: resource names, program variables and secret config keys. */
export interface Plan {
  configurations: PlannedConfiguration[];
  bridges: PlannedBridge[];
  trunks: PlannedTrunk[];
  /** Every secret config key, in program order. */
  secrets: SecretInput[];
  linkCount: number;
}

/**
 * Names every selected record. Resource names come from natural keys: a bridge's slug, a
 * configuration's provider (with its account when the provider has several), a trunk's name,
 * sanitized; a link is named by its phone number, so moving it to another bridge is one replacement.
 */
export function plan(selection: Selection): Plan {
  const perProvider = new Map<string, number>();
  for (const c of selection.configurations)
    perProvider.set(c.provider, (perProvider.get(c.provider) ?? 0) + 1);
  const configNames = uniqueNames(
    selection.configurations.map((c) =>
      sanitizeName(
        (perProvider.get(c.provider) ?? 0) > 1 ? `${c.provider}-${c.account_sid}` : c.provider,
        "configuration",
      ),
    ),
  );
  const bridgeNames = uniqueNames(selection.bridges.map((b) => b.slug));
  const trunkNames = uniqueNames(selection.trunks.map((t) => sanitizeName(t.name, "trunk")));
  const variables = uniqueIdentifiers([
    ...configNames.map((n) => camelCase(n, "configuration")),
    ...bridgeNames.map((n) => camelCase(n, "bridge")),
    ...trunkNames.map((n) => `${camelCase(n, "trunk")}Trunk`),
  ]);
  const secretKeys = uniqueIdentifiers([
    ...configNames.map((n) => `${camelCase(n, "configuration")}AuthToken`),
    ...trunkNames.map((n) => `${camelCase(n, "trunk")}SipPassword`),
  ]);
  const configurations = selection.configurations.map(
    (c, i): PlannedConfiguration => ({
      name: configNames[i] as string,
      variable: variables[i] as string,
      provider: c.provider,
      accountSid: c.account_sid,
      id: c.id,
      authToken: {
        key: secretKeys[i] as string,
        describe: `the auth token of ${c.provider} account ${quoted(c.account_sid)}`,
      },
    }),
  );
  const byId = new Map(configurations.map((c) => [c.id, c]));
  const bridges = selection.bridges.map((bridge, i): PlannedBridge => {
    const groups = new Map<PlannedConfiguration, string[]>();
    for (const link of selection.links) {
      if (link.bridge.slug !== bridge.slug) continue;
      const configuration = byId.get(link.configuration.id);
      if (!configuration) throw new Error(`link ${link.phoneNumber}: its configuration is not exported`);
      groups.set(configuration, [...(groups.get(configuration) ?? []), link.phoneNumber]);
    }
    return {
      name: bridgeNames[i] as string,
      variable: variables[configNames.length + i] as string,
      bridge,
      links: [...groups].map(([configuration, phoneNumbers]) => ({ configuration, phoneNumbers })),
    };
  });
  const trunks = selection.trunks.map((trunk, i): PlannedTrunk => {
    const key = secretKeys[configNames.length + i] as string;
    return {
      name: trunkNames[i] as string,
      variable: variables[configNames.length + bridgeNames.length + i] as string,
      trunk,
      ...(trunk.auth_password
        ? { authPassword: { key, describe: `the SIP password of trunk ${quoted(trunk.name)}` } }
        : {}),
    };
  });
  return {
    configurations,
    bridges,
    trunks,
    secrets: [
      ...configurations.map((c) => c.authToken),
      ...trunks.flatMap((t) => (t.authPassword ? [t.authPassword] : [])),
    ],
    linkCount: selection.links.length,
  };
}
