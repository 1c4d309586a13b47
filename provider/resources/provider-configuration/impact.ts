import { label, platformId } from "../../runtime/fields";
import { fieldOf, type ResourceChange } from "../../runtime/planned-change";
import type { Touch } from "../../runtime/touch";

/**
 * A configuration deleted or replaced (its provider changed) touches the numbers it connects, which
 * the platform does not list; an account or token change leaves existing links as they are (P7).
 * Its auth token is never read here.
 */
export function providerConfigurationTouches(change: ResourceChange): Touch[] {
  if (change.op !== "delete" && change.op !== "replace") return [];
  const id = fieldOf(platformId, change.olds, "configurationId");
  const accountSid = fieldOf(label, change.olds, "accountSid");
  return [
    {
      kind: "configuration",
      change: change.op,
      ...(id === undefined ? {} : { id }),
      ...(accountSid === undefined ? {} : { accountSid }),
    },
  ];
}
