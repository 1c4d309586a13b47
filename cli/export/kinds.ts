import type { ResourceDescriptor } from "../../provider/descriptor";
import { REGISTRY } from "../../provider/resources/registry";

/** The kinds of record an export declares, as `--include` / `--exclude` name them: one per resource type. */
export const KINDS = REGISTRY.map((d) => d.exported.kind);
export type Kind = (typeof REGISTRY)[number]["exported"]["kind"];

const kebab = (type: string): string => type.replace(/(?<=[a-z])(?=[A-Z])/g, "-").toLowerCase();

/** Every spelling a filter accepts for each kind: the kind, its plural, the type's name, and the type's own extras. */
const ALIASES: ReadonlyMap<string, Kind> = new Map(
  REGISTRY.flatMap(({ type, exported: { kind, aliases } }) =>
    [kind, `${kind}s`, type.toLowerCase(), kebab(type), ...aliases].map((word): [string, Kind] => [
      word,
      kind,
    ]),
  ),
);

/** The kind a filter's type word names, or `undefined`. */
export function kindOf(word: string): Kind | undefined {
  return ALIASES.get(word.toLowerCase());
}

const byKind: ReadonlyMap<string, ResourceDescriptor> = new Map(REGISTRY.map((d) => [d.exported.kind, d]));

/** The resource type an export declares records of `kind` as. */
export function descriptorOfKind(kind: Kind): ResourceDescriptor {
  const found = byKind.get(kind);
  if (!found) throw new Error(`no resource type exports kind ${kind}`);
  return found;
}
