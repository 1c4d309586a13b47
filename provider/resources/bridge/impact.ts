import { slug as slugRule } from "../../runtime/fields";
import { fieldOf, type ResourceChange } from "../../runtime/planned-change";
import type { Touch } from "../../runtime/touch";

/** A bridge deleted or replaced (its slug changed) touches every number on it; a rename touches none. */
export function bridgeTouches(change: ResourceChange): Touch[] {
  if (change.op !== "delete" && change.op !== "replace") return [];
  const slug = fieldOf(slugRule, change.olds, "slug");
  return slug === undefined ? [] : [{ kind: "bridge", slug, change: change.op }];
}
