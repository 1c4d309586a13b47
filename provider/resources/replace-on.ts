import type { FieldRule } from "../runtime/diff";

/** The inputs a type's diff rules replace on. */
export const replaceOn = (rules: Readonly<Record<string, FieldRule>>): string[] =>
  Object.entries(rules)
    .filter(([, rule]) => rule.replaces)
    .map(([key]) => key);
