import { nativeToken } from "../../provider/descriptor";
import { REGISTRY } from "../../provider/resources/registry";
import { descriptorOfKind, type Kind } from "./kinds";
import type { Plan } from "./plan";

/** The native type token of each kind, from its resource type. */
export const NATIVE_TYPE = Object.fromEntries(
  REGISTRY.map((d) => [d.exported.kind, nativeToken(d.type)]),
) as Readonly<Record<Kind, string>>;

/** The id the provider reads a record of `kind` by, as its resource type gives it. */
const idOf = (kind: Kind, record: unknown): string => descriptorOfKind(kind).exported.id(record);

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
      id: idOf("configuration", c),
      key: c.variable,
    })),
    ...p.bridges.flatMap((b) => [
      { type: NATIVE_TYPE.bridge, name: b.name, id: idOf("bridge", b.bridge), key: b.variable },
      ...b.links.flatMap((l) =>
        l.phoneNumbers.map((n) => ({
          type: NATIVE_TYPE.link,
          name: n,
          id: idOf("link", {
            bridgeSlug: b.bridge.slug,
            providerConfigurationId: l.configuration.id,
            phoneNumber: n,
          }),
          key: linkKey(n),
        })),
      ),
    ]),
    ...p.trunks.map((t) => ({
      type: NATIVE_TYPE.trunk,
      name: t.name,
      id: idOf("trunk", t.trunk),
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
