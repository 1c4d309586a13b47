import type { ProviderConfiguration } from "../../sdk";
import { KINDS, type Kind, kindOf } from "./kinds";
import type { ExportedBridge, Organization } from "./organization";

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

/**
 * Parses a filter term: `<kind>`, `<kind>:<glob>`, or a bare `<glob>` matching any kind. Kinds:
 * configuration, bridge, link (a bridge-number link), trunk.
 */
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

/** A record as filters see it: its kind and the names a pattern may match (its natural key first). */
export interface Candidate {
  kind: Kind;
  names: readonly string[];
}

const matches = (f: Filter, c: Candidate): boolean =>
  (f.kind === undefined || f.kind === c.kind) &&
  (f.pattern === undefined || c.names.some((n) => f.pattern?.test(n)));

/** A link of the organization: a number on a bridge. */
export interface Link {
  bridge: ExportedBridge;
  phoneNumber: string;
  /** The configuration it was connected through, as far as the platform tells (see link-configurations). */
  configuration: ProviderConfiguration;
}

/** What the filters keep, with a note for each record dropped or pulled in by another's filter. */
export interface Selection {
  configurations: Organization["configurations"];
  bridges: ExportedBridge[];
  links: Link[];
  trunks: Organization["trunks"];
  notes: string[];
}

/** The names each kind is matched by: bridge slug and name; configuration account and provider; trunk name; link number. */
export const candidate = {
  configuration: (c: { provider: string; account_sid: string }): Candidate => ({
    kind: "configuration",
    names: [c.account_sid, c.provider],
  }),
  bridge: (b: ExportedBridge): Candidate => ({ kind: "bridge", names: [b.slug, b.name] }),
  link: (l: Link): Candidate => ({ kind: "link", names: [l.phoneNumber] }),
  trunk: (t: { name: string }): Candidate => ({ kind: "trunk", names: [t.name] }),
};

/**
 * Applies `--include` (any match keeps; none given keeps all) then `--exclude` (any match drops).
 * A link follows its bridge: kept when its bridge is included, dropped when its bridge is not exported.
 * A kept link brings its configuration along unless that configuration is excluded (then the link
 * is dropped too): the program references the configuration, never a raw id.
 */
export function select(
  org: Organization,
  links: readonly Link[],
  include: readonly Filter[],
  exclude: readonly Filter[],
): Selection {
  const excluded = (c: Candidate) => exclude.some((f) => matches(f, c));
  const kept = (c: Candidate) => (include.length === 0 || include.some((f) => matches(f, c))) && !excluded(c);
  const bridges = org.bridges.filter((b) => kept(candidate.bridge(b)));
  const exported = new Set(bridges.map((b) => b.slug));
  const notes: string[] = [];
  const selectedLinks: Link[] = [];
  const orphaned = new Map<string, number>();
  for (const link of links) {
    const c = candidate.link(link);
    if (excluded(c)) continue;
    const onExported = exported.has(link.bridge.slug);
    const asked = include.length === 0 || include.some((f) => matches(f, c));
    if (onExported) selectedLinks.push(link);
    else if (asked) orphaned.set(link.bridge.slug, (orphaned.get(link.bridge.slug) ?? 0) + 1);
  }
  for (const [slug, count] of orphaned)
    notes.push(`${count} link(s) of bridge "${slug}" left out: the bridge is not exported`);
  const configurations = org.configurations.filter((c) => kept(candidate.configuration(c)));
  const ids = new Set(configurations.map((c) => c.id));
  const withConfiguration: Link[] = [];
  const pulled = new Map<number, number>();
  const dropped = new Map<number, number>();
  for (const link of selectedLinks) {
    const config = link.configuration;
    if (ids.has(config.id)) withConfiguration.push(link);
    else if (excluded(candidate.configuration(config)))
      dropped.set(config.id, (dropped.get(config.id) ?? 0) + 1);
    else {
      pulled.set(config.id, (pulled.get(config.id) ?? 0) + 1);
      withConfiguration.push(link);
    }
  }
  const label = (id: number) => {
    const c = org.configurations.find((x) => x.id === id);
    return c ? `${c.provider} ${c.account_sid}` : String(id);
  };
  for (const [id, count] of pulled) {
    configurations.push(...org.configurations.filter((c) => c.id === id));
    notes.push(`configuration ${label(id)} exported as well: ${count} exported link(s) use it`);
  }
  for (const [id, count] of dropped)
    notes.push(`${count} link(s) left out: their configuration ${label(id)} is excluded`);
  configurations.sort((a, b) => a.id - b.id);
  return {
    configurations,
    bridges,
    links: withConfiguration,
    trunks: org.trunks.filter((t) => kept(candidate.trunk(t))),
    notes,
  };
}
