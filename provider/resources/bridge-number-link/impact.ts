import { phoneNumber, platformId, slug } from "../../runtime/fields";
import { changes, fieldOf, type ResourceChange } from "../../runtime/planned-change";
import { numberTouch, type Touch } from "../../runtime/touch";

/**
 * A link's number, when the change takes it off its bridge: deleted (disconnect), its bridge changed
 * (move, made in place by update), or replaced (its number or configuration changed: the old link
 * goes before the new one is made, so the number is disconnected, then connected again).
 */
export function bridgeNumberTouches(change: ResourceChange): Touch[] {
  if (change.op === "create") return [];
  const number = fieldOf(phoneNumber, change.olds, "phoneNumber");
  if (number === undefined) return [];
  const from = fieldOf(slug, change.olds, "bridgeSlug");
  const to = fieldOf(slug, change.news, "bridgeSlug");
  const configurationId = fieldOf(platformId, change.olds, "providerConfigurationId");
  switch (change.op) {
    case "delete":
      return [numberTouch(number, "disconnect", { from, configurationId })];
    case "replace":
      return [numberTouch(number, "disconnect", { from, to, configurationId })];
    case "update":
      return changes(slug, change, "bridgeSlug")
        ? [numberTouch(number, "move", { from, to, configurationId })]
        : [];
  }
}
