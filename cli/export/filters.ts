import { REGISTRY } from "../../provider/resources/registry";
import type { ResourceDescriptor } from "../../provider/runtime/descriptor";
import { descriptorOfKind, followedInput, KINDS, type Kind, kindOf, type Records, recordsOf } from "./kinds";

/** One `--include` / `--exclude` term: a kind, a name pattern, or both (`bridge:support-*`). */
export interface Filter {
  kind?: Kind;
  pattern?: RegExp;
  /** The term as given, for messages. */
  text: string;
}

/** A glob (`*` any run of characters, `?` one) as an anchored, case-insensitive regular expression. */
export function globToRegExp(glob: string): RegExp {
  const body = [...glob]
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\/-]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}$`, "i");
}

/** Parses a filter term: `<kind>`, `<kind>:<glob>`, or a bare `<glob>` matching any kind (see {@link KINDS}). */
export function parseFilter(text: string): Filter {
  const colon = text.indexOf(":");
  if (colon >= 0) {
    const word = text.slice(0, colon);
    const glob = text.slice(colon + 1);
    const kind = word === "*" ? undefined : kindOf(word);
    if (word !== "*" && kind === undefined)
      throw new Error(`unknown kind '${word}' in filter '${text}' (kinds: ${KINDS.join(", ")})`);
    if (glob === "") throw new Error(`empty name pattern in filter '${text}'`);
    return { ...(kind ? { kind } : {}), pattern: globToRegExp(glob), text };
  }
  if (text === "") throw new Error("empty filter");
  const kind = kindOf(text);
  return kind ? { kind, text } : { pattern: globToRegExp(text), text };
}

/** What the filters keep, with a note for each record dropped or pulled in by another's filter. */
export type Selection = Records & { notes: string[] };

/** A count per key, in the order keys first come. */
const tally = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * Applies `--include` (any match keeps; none given keeps all) then `--exclude` (any match drops); a
 * pattern matches the names a record's type gives it. A record that follows a parent (a link, a set) does:
 * kept when its parent is exported, dropped when it is not. A kept record brings the records it
 * references along unless they are excluded (then it is dropped too): the program references them,
 * never a raw id.
 */
export function select(records: Records, include: readonly Filter[], exclude: readonly Filter[]): Selection {
  const matches = (f: Filter, d: ResourceDescriptor, r: unknown) =>
    (f.kind === undefined || f.kind === d.exported.kind) &&
    (f.pattern === undefined || d.exported.names(r).some((n) => f.pattern?.test(n)));
  const excluded = (d: ResourceDescriptor, r: unknown) => exclude.some((f) => matches(f, d, r));
  const asked = (d: ResourceDescriptor, r: unknown) =>
    include.length === 0 || include.some((f) => matches(f, d, r));
  const selected = new Map<string, unknown[]>();
  const notes: string[] = [];
  for (const d of REGISTRY)
    if (followedInput(d) === undefined)
      selected.set(
        d.exported.kind,
        recordsOf(records, d.exported.kind).filter((r) => asked(d, r) && !excluded(d, r)),
      );
  for (const d of REGISTRY) {
    const { kind, references } = d.exported;
    const followed = followedInput(d);
    if (followed === undefined) continue;
    const parent = references[followed];
    const under = parent?.kind ?? "";
    const parents = new Set((selected.get(under) ?? []).map((r) => descriptorOfKind(under).exported.id(r)));
    let kept: unknown[] = [];
    const orphaned = new Map<string, number>();
    for (const r of recordsOf(records, kind)) {
      if (excluded(d, r)) continue;
      const target = parent?.target(r) ?? "";
      if (parents.has(target)) kept.push(r);
      else if (asked(d, r)) tally(orphaned, target);
    }
    for (const [target, count] of orphaned)
      notes.push(`${count} ${kind}(s) of ${under} "${target}" left out: the ${under} is not exported`);
    for (const [input, reference] of Object.entries(references)) {
      if (input === followed) continue;
      const target = descriptorOfKind(reference.kind);
      const all = recordsOf(records, reference.kind);
      const find = (id: string) => all.find((r) => target.exported.id(r) === id);
      const chosen = selected.get(reference.kind) ?? [];
      const ids = new Set(chosen.map((r) => target.exported.id(r)));
      const pulled = new Map<string, number>();
      const dropped = new Map<string, number>();
      kept = kept.filter((r) => {
        const id = reference.target(r);
        if (ids.has(id)) return true;
        const record = find(id);
        const drop = record !== undefined && excluded(target, record);
        tally(drop ? dropped : pulled, id);
        return !drop;
      });
      const title = (id: string) => {
        const record = find(id);
        return record === undefined ? id : target.exported.title(record);
      };
      for (const [id, count] of pulled) {
        chosen.push(...all.filter((r) => target.exported.id(r) === id));
        notes.push(`${reference.kind} ${title(id)} exported as well: ${count} exported ${kind}(s) use it`);
      }
      for (const [id, count] of dropped)
        notes.push(`${count} ${kind}(s) left out: their ${reference.kind} ${title(id)} is excluded`);
      selected.set(reference.kind, chosen);
    }
    selected.set(kind, kept);
  }
  for (const { exported } of REGISTRY) {
    const order = exported.order;
    if (order) selected.get(exported.kind)?.sort((a, b) => order(a, b));
  }
  return {
    ...(Object.fromEntries(
      REGISTRY.map((d) => [`${d.exported.kind}s`, selected.get(d.exported.kind) ?? []]),
    ) as Records),
    notes,
  };
}
