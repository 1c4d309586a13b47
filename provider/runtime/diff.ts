import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isUnknown } from "./fields";

/** How one input property behaves on change. */
export interface FieldRule {
  /** A change replaces the resource instead of updating it in place. */
  readonly replaces?: boolean;
  /** Not compared at all (e.g. the `adopt` switch, which only matters on create). */
  readonly ignored?: boolean;
}

/**
 * Compares the previous outputs with the checked (already normalized) new inputs, property by
 * property, so an unchanged resource reports `changes: false` and only identity fields replace.
 */
export function diffWith(
  rules: Readonly<Record<string, FieldRule>>,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  options: { deleteBeforeReplace?: boolean } = {},
): dynamic.DiffResult {
  const changed = Object.keys(rules).filter(
    (key) => !rules[key]?.ignored && (isUnknown(news[key]) || !sameValue(olds[key], news[key])),
  );
  const replaces = changed.filter((key) => rules[key]?.replaces);
  return {
    changes: changed.length > 0,
    replaces,
    stables: Object.keys(rules).filter((key) => rules[key]?.replaces && !changed.includes(key)),
    ...(replaces.length > 0 && options.deleteBeforeReplace ? { deleteBeforeReplace: true } : {}),
  };
}

/** Structural equality over JSON values; `undefined` and `null` both mean "not set". */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null) return b === undefined || b === null;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  if (typeof a === "object") {
    if (typeof b !== "object" || b === null || Array.isArray(b)) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) =>
      sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    );
  }
  return a === b;
}
