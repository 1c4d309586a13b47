import { REGISTRY } from "../../provider/resources/registry";

/** Longest resource name derived from free text (slugs and phone numbers are used as they are). */
const MAX_NAME = 48;

/** Free text as a readable resource name: lowercase ASCII letters, digits and inner hyphens. */
export function sanitizeName(text: string, fallback: string): string {
  const name = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_NAME)
    .replace(/^-+|-+$/g, "");
  return name === "" ? fallback : name;
}

/** Makes each name unique by suffixing `-2`, `-3`, … in order; the first holder keeps the plain name. */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate); n++) candidate = `${name}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/** A resource name as a lower camel case identifier (`support-line` → `supportLine`), prefixed when it starts with a digit. */
export function camelCase(name: string, prefix: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]?.toUpperCase() + w.slice(1))).join("");
  if (joined === "") return prefix;
  return /^[0-9]/.test(joined) ? `${prefix}${joined[0]?.toUpperCase()}${joined.slice(1)}` : joined;
}

/**
 * Identifiers TypeScript reserves, or that would shadow the program's own names: its imports, its
 * config, and the function each grouped type is declared through (named by its kind).
 */
const RESERVED = new Set([
  ..."break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await config voice pulumi".split(
    " ",
  ),
  ...REGISTRY.filter((d) => d.exported.group).map((d) => d.exported.kind),
]);

/** Makes identifiers unique and never reserved words, suffixing `2`, `3`, …. */
export function uniqueIdentifiers(ids: readonly string[]): string[] {
  const taken = new Set<string>(RESERVED);
  return ids.map((id) => {
    let candidate = id;
    for (let n = 2; taken.has(candidate); n++) candidate = `${id}${n}`;
    taken.add(candidate);
    return candidate;
  });
}
