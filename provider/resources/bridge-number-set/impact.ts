import { isUnknown, phoneNumber, platformId, slug } from "../../runtime/fields";
import { changes, fieldOf, type ResourceChange } from "../../runtime/planned-change";
import { numberTouch, type Touch } from "../../runtime/touch";
import { plan } from "./plan";
import type { LinkedNumber, SetNumber } from "./schema";

/** Stands for a configuration not computed yet: equal to no recorded one, so the number reads as reconnected. */
const NOT_YET_KNOWN = -1;

/** The numbers state records for the set, normalized; entries without a readable number are left out. */
function recordedNumbers(olds: Record<string, unknown> | undefined): LinkedNumber[] {
  const entries = Array.isArray(olds?.numbers) ? (olds.numbers as unknown[]) : [];
  return entries.flatMap((entry) => {
    const props = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : {};
    const number = fieldOf(phoneNumber, props, "phoneNumber");
    if (number === undefined) return [];
    const configurationId = fieldOf(platformId, props, "providerConfigurationId") ?? null;
    return [{ phoneNumber: number, providerConfigurationId: configurationId, numberId: null }];
  });
}

/** The numbers the new inputs declare; a number not computed yet is left out (every recorded one it might be counts as removed). */
function declaredNumbers(news: Record<string, unknown> | undefined): SetNumber[] {
  const entries = Array.isArray(news?.numbers) ? (news.numbers as unknown[]) : [];
  return entries.flatMap((entry) => {
    const props = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : {};
    const number = fieldOf(phoneNumber, props, "phoneNumber");
    if (number === undefined) return [];
    const providerConfigurationId = isUnknown(props.providerConfigurationId)
      ? NOT_YET_KNOWN
      : (fieldOf(platformId, props, "providerConfigurationId") ?? NOT_YET_KNOWN);
    return [{ phoneNumber: number, providerConfigurationId }];
  });
}

/**
 * The recorded numbers a set's change takes off the bridge: all of them when the set is deleted or
 * replaced on the same bridge; when its bridge changes, those declared again move and the rest are
 * disconnected; otherwise those its plan disconnects (removed, or reconnected through another
 * configuration).
 */
export function bridgeNumbersTouches(change: ResourceChange): Touch[] {
  if (change.op === "create") return [];
  const recorded = recordedNumbers(change.olds);
  const from = fieldOf(slug, change.olds, "bridgeSlug");
  const to = fieldOf(slug, change.news, "bridgeSlug");
  const touch = (n: LinkedNumber, kind: "disconnect" | "move", target?: string) =>
    numberTouch(n.phoneNumber, kind, {
      from,
      to: target,
      configurationId: n.providerConfigurationId ?? undefined,
    });
  if (change.op === "delete") return recorded.map((n) => touch(n, "disconnect"));
  const declared = declaredNumbers(change.news);
  if (changes(slug, change, "bridgeSlug")) {
    const kept = new Set(declared.map((n) => n.phoneNumber));
    return recorded.map((n) => (kept.has(n.phoneNumber) ? touch(n, "move", to) : touch(n, "disconnect")));
  }
  if (change.op === "replace") return recorded.map((n) => touch(n, "disconnect", to));
  const off = new Set(plan(recorded, declared).disconnects);
  return recorded.filter((n) => off.has(n.phoneNumber)).map((n) => touch(n, "disconnect"));
}
