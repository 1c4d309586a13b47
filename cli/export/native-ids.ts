import type { Plan } from "./plan";

/** The native type token of each kind. */
export const NATIVE_TYPE = {
  configuration: "voice:index:ProviderConfiguration",
  bridge: "voice:index:Bridge",
  link: "voice:index:BridgeNumber",
  trunk: "voice:index:SipTrunk",
} as const;

/** One resource to take over by import: type, resource name, platform id, and its key in a YAML program. */
export interface ImportTarget {
  type: string;
  name: string;
  id: string;
  key: string;
}

/** The YAML key of a link: its number's digits (a `+` cannot start a reference). */
export const linkKey = (phoneNumber: string): string => `n${phoneNumber.replace(/\D/g, "")}`;

/** Every planned resource with the id the provider reads it by (the same ids `Type.get` takes). */
export function importTargets(p: Plan): ImportTarget[] {
  return [
    ...p.configurations.map((c) => ({
      type: NATIVE_TYPE.configuration,
      name: c.name,
      id: String(c.id),
      key: c.variable,
    })),
    ...p.bridges.flatMap((b) => [
      { type: NATIVE_TYPE.bridge, name: b.name, id: b.bridge.slug, key: b.variable },
      ...b.links.flatMap((l) =>
        l.phoneNumbers.map((n) => ({
          type: NATIVE_TYPE.link,
          name: n,
          id: `${b.bridge.slug}/${l.configuration.id}/${n}`,
          key: linkKey(n),
        })),
      ),
    ]),
    ...p.trunks.map((t) => ({
      type: NATIVE_TYPE.trunk,
      name: t.name,
      id: String(t.trunk.id),
      key: t.variable,
    })),
  ];
}

/**
 * The file `pulumi import --file import.json` takes. Its `logicalName` is the resource name in the
 * state (the program's `name:`, so the program finds what was imported); its `name` is the key in
 * the code `pulumi import` generates (the program's own key).
 */
export function renderImportFile(p: Plan): string {
  const resources = importTargets(p).map(({ type, name, id, key }) => ({
    type,
    name: key,
    id,
    logicalName: name,
  }));
  return `${JSON.stringify({ resources }, null, 2)}\n`;
}
