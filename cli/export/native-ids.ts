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
  logicalName: string;
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
      logicalName: c.variable,
    })),
    ...p.bridges.flatMap((b) => [
      { type: NATIVE_TYPE.bridge, name: b.name, id: b.bridge.slug, logicalName: b.variable },
      ...b.links.flatMap((l) =>
        l.phoneNumbers.map((n) => ({
          type: NATIVE_TYPE.link,
          name: n,
          id: `${b.bridge.slug}/${l.configuration.id}/${n}`,
          logicalName: linkKey(n),
        })),
      ),
    ]),
    ...p.trunks.map((t) => ({
      type: NATIVE_TYPE.trunk,
      name: t.name,
      id: String(t.trunk.id),
      logicalName: t.variable,
    })),
  ];
}

/** The file `pulumi import --file import.json` takes. */
export function renderImportFile(p: Plan): string {
  const resources = importTargets(p).map(({ type, name, id, logicalName }) => ({
    type,
    name,
    id,
    logicalName,
  }));
  return `${JSON.stringify({ resources }, null, 2)}\n`;
}
