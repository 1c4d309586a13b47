import type * as dynamic from "@pulumi/pulumi/dynamic";
import { ADOPT } from "./adopt";
import type { ResourceDescriptor } from "./descriptor";
import { isUnknown } from "./fields";

/** The inputs a type's diff compares: all of them but `adopt`, which only matters on create. */
export const comparedInputs = (descriptor: ResourceDescriptor): string[] =>
  Object.keys(descriptor.inputs.shape).filter((key) => key !== ADOPT);

/**
 * Compares the previous outputs with the checked (already normalized) new inputs, property by
 * property, so an unchanged resource reports `changes: false` and only the descriptor's replace-on
 * fields replace.
 */
export function diffWith(
  descriptor: ResourceDescriptor,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): dynamic.DiffResult {
  const keys = comparedInputs(descriptor);
  const identity = keys.filter((key) => descriptor.replaceOn.includes(key));
  const same = (key: string) => descriptor.code.sameInput?.[key] ?? sameValue;
  const changed = keys.filter((key) => isUnknown(news[key]) || !same(key)(olds[key], news[key]));
  const replaces = changed.filter((key) => identity.includes(key));
  return {
    changes: changed.length > 0,
    replaces,
    stables: identity.filter((key) => !changed.includes(key)),
    ...(replaces.length > 0 && descriptor.deleteBeforeReplace ? { deleteBeforeReplace: true } : {}),
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
