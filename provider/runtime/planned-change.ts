import type { z } from "zod";
import { isUnknown } from "./fields";

/** What the engine is about to do to one resource. */
export type ChangeOp = "create" | "update" | "replace" | "delete";

/** One planned change, as a preview, an up or a destroy would make it. */
export interface ResourceChange {
  readonly op: ChangeOp;
  /** The recorded state: inputs and outputs as the engine keeps them (absent on create). */
  readonly olds?: Record<string, unknown>;
  /** The new inputs (absent on delete); values the engine has not computed yet are its placeholder. */
  readonly news?: Record<string, unknown>;
}

/**
 * A field of a change's props read with the field's input rule (so an absent field takes the rule's
 * default): `undefined` when not computed yet, or absent or not valid without a default.
 */
export function fieldOf<T>(
  rule: z.ZodType<T>,
  props: Record<string, unknown> | undefined,
  key: string,
): T | undefined {
  const value = props?.[key];
  if (isUnknown(value)) return undefined;
  const read = rule.safeParse(value);
  return read.success ? read.data : undefined;
}

/**
 * Whether the new inputs change a field: a value not computed yet counts as a change, as in the
 * engine's own diff, so a preview names what may happen rather than miss it. Both sides are read
 * with the field's input rule, so spelling (separators, case, defaults) is never a change.
 */
export function changes<T>(rule: z.ZodType<T>, change: ResourceChange, key: string): boolean {
  if (change.news === undefined) return false;
  if (isUnknown(change.news[key])) return true;
  const before = JSON.stringify(fieldOf(rule, change.olds, key));
  return JSON.stringify(fieldOf(rule, change.news, key)) !== before;
}
