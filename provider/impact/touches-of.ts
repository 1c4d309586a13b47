import type { ResourceChange } from "../runtime/planned-change";
import type { Touch } from "../runtime/touch";

/** The touches of a change, by its type's `touches` (none when the type declares none), each naming the resource. */
export function touchesOf(
  type: { touches?(change: ResourceChange): Touch[] },
  change: ResourceChange,
  resource?: string,
): Touch[] {
  const touches = type.touches?.(change) ?? [];
  return resource === undefined ? touches : touches.map((t) => ({ ...t, resource }));
}
