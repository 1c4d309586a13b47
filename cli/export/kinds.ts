import { REGISTRY, type RegisteredDescriptor } from "../../provider/resources/registry";
import type { ResourceDescriptor } from "../../provider/runtime/descriptor";

type RecordOf<D extends RegisteredDescriptor> = Parameters<D["exported"]["id"]>[0];
type ReadDescriptor = Extract<RegisteredDescriptor, { exported: { source: { read: unknown } } }>;

/** The kinds of record an export declares, as `--include` / `--exclude` name them: one per resource type. */
export const KINDS = REGISTRY.map((d) => d.exported.kind);
export type Kind = RegisteredDescriptor["exported"]["kind"];

/** The record type of `kind`'s platform records. */
export type RecordOfKind<K extends Kind> = RecordOf<Extract<RegisteredDescriptor, { exported: { kind: K } }>>;

/** The records of every kind, each under its kind's plural (`trunks`). */
export type Records = { [D in RegisteredDescriptor as `${D["exported"]["kind"]}s`]: RecordOf<D>[] };

/** The records of the kinds read from the platform (the others are derived from them). */
export type ReadRecords = { [D in ReadDescriptor as `${D["exported"]["kind"]}s`]: RecordOf<D>[] };

/** The records of `kind` in `records` (a {@link Records} or {@link ReadRecords}). */
export const recordsOf = (records: object, kind: string): readonly unknown[] =>
  (records as Readonly<Record<string, readonly unknown[] | undefined>>)[`${kind}s`] ?? [];

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
export function descriptorOfKind(kind: string): ResourceDescriptor {
  const found = byKind.get(kind);
  if (!found) throw new Error(`no resource type exports kind ${kind}`);
  return found;
}

/** The kind of the parent a grouped type's records are declared under (a link's bridge), if grouped. */
export function parentKind(descriptor: ResourceDescriptor): string | undefined {
  const group = descriptor.exported.group;
  return group && descriptor.exported.references[group.under]?.kind;
}

/** The reference naming the parent a type's records follow through the filters (a link's or a set's bridge), if any. */
export function followedInput(descriptor: ResourceDescriptor): string | undefined {
  return descriptor.exported.group?.under ?? descriptor.exported.follows;
}
