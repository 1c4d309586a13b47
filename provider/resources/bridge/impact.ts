import { fieldOf, type ResourceChange } from "../../impact/change";
import type { Touch } from "../../impact/touch";
import { slug as slugRule } from "../../runtime/fields";

/** A bridge deleted or replaced (its slug changed) touches every number on it; a rename touches none. */
export function bridgeTouches(change: ResourceChange): Touch[] {
  if (change.op !== "delete" && change.op !== "replace") return [];
  const slug = fieldOf(slugRule, change.olds, "slug");
  return slug === undefined ? [] : [{ kind: "bridge", slug, change: change.op }];
}
