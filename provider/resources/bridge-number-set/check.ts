import type * as dynamic from "@pulumi/pulumi/dynamic";
import { z } from "zod";
import { checkLinkOnPlatform, type PreviewLookups, previewLookups } from "../../links";
import { checkWith, failed } from "../../runtime/check";
import { isUnknown } from "../../runtime/fields";
import { BridgeNumbersInputs, SetNumber } from "./schema";

/** The set's inputs with its numbers left for {@link checkNumbers}, which names each entry's failures by index. */
const Outline = BridgeNumbersInputs.extend({
  numbers: z.array(z.unknown(), { error: "must be a list of { phoneNumber, providerConfigurationId }" }),
});

/**
 * Validates and normalizes a set's inputs: each number as a BridgeNumber's (E.164 without
 * separators, a configuration id of the organization, a number of the organization, from lists read
 * once per process), no number twice, sorted by number so order never makes a diff. Values unknown
 * at preview are left unchecked.
 */
export async function checkSet(
  news: Record<string, unknown>,
  lookups: () => PreviewLookups = previewLookups,
): Promise<dynamic.CheckResult> {
  const outline = checkWith(Outline, news);
  const inputs = outline.inputs ?? {};
  if (outline.failures?.length || isUnknown(inputs.numbers)) return outline;
  const failures: dynamic.CheckFailure[] = [];
  const numbers: Record<string, unknown>[] = [];
  const firstAt = new Map<string, number>();
  for (const [i, raw] of (inputs.numbers as unknown[]).entries()) {
    const at = `numbers[${i}]`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      failures.push({ property: at, reason: "must be an object { phoneNumber, providerConfigurationId }" });
      continue;
    }
    const entry = await checkLinkOnPlatform(checkWith(SetNumber, raw as Record<string, unknown>), lookups);
    for (const f of entry.failures ?? [])
      failures.push({ property: f.property ? `${at}.${f.property}` : at, reason: f.reason });
    const checked = entry.inputs ?? {};
    const phone: unknown = checked.phoneNumber;
    if (typeof phone === "string" && !isUnknown(phone) && !entry.failures?.length) {
      const first = firstAt.get(phone);
      if (first !== undefined) {
        failures.push({
          property: `${at}.phoneNumber`,
          reason: `${phone} is declared twice in the set (numbers[${first}] too): declare each number once`,
        });
      } else firstAt.set(phone, i);
    }
    numbers.push(checked);
  }
  const sorted = [...numbers].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  const result = { ...inputs, numbers: sorted };
  return failures.length > 0 ? failed(result, failures) : { inputs: result };
}

// Numbers not known yet sort last, in the order given.
const sortKey = (n: Record<string, unknown>): string =>
  typeof n.phoneNumber === "string" && !isUnknown(n.phoneNumber) ? n.phoneNumber : "~";
