import type * as dynamic from "@pulumi/pulumi/dynamic";
import { runtimeContext } from "../../context-cache";
import { failed } from "../../runtime/check";
import { isUnknown } from "../../runtime/fields";
import { numberReleases } from "../../runtime/number-releases";
import { AFTER_INTERRUPT, takenKeys } from "../../runtime/ownership";
import { BRIDGE_NUMBER_KEY } from "../bridge-number/key";

/** The known phone numbers of a set's recorded or checked inputs. */
export function phoneNumbers(inputs: Record<string, unknown>): string[] {
  const numbers: unknown = inputs.numbers;
  if (!Array.isArray(numbers)) return [];
  return numbers.flatMap((n: unknown) => {
    const phone: unknown =
      typeof n === "object" && n !== null ? (n as { phoneNumber?: unknown }).phoneNumber : undefined;
    return typeof phone === "string" && !isUnknown(phone) ? [phone] : [];
  });
}

/**
 * A set's ownership at preview, number by number, against the links the bridges list (read once per
 * process, shared with BridgeNumber). A number new to the set that already sits on the set's own
 * bridge is somebody else's (another stack, the dashboard, a BridgeNumber) unless `adopt` says to
 * take it over. One on another bridge may be given up by another set of this program in the same
 * `up`, whose check may come later (the engine checks in program order): its connect then moves it
 * from that set's bridge (see `number-releases.ts`), and fails naming the holder when no set of the
 * run gives it up, as it would for a number somebody else holds.
 *
 * Numbers the set gives up are announced here, so a set that takes one moves it instead of failing;
 * numbers it takes are announced too, so the set giving one up leaves the move to this set's connect.
 */
export async function checkSetOwnership(
  olds: Record<string, unknown>,
  result: dynamic.CheckResult,
): Promise<dynamic.CheckResult> {
  numberReleases.checked();
  const inputs = result.inputs;
  if (result.failures?.length || !inputs) return result;
  const slug: unknown = inputs.bridgeSlug;
  const before = new Set(phoneNumbers(olds));
  const now = phoneNumbers(inputs);
  const oldSlug: unknown = olds.bridgeSlug;
  if (typeof oldSlug === "string" && !isUnknown(inputs.numbers)) {
    const kept = new Set(now);
    for (const number of before)
      if (!kept.has(number) || oldSlug !== slug) numberReleases.announce(number, oldSlug);
  }
  if (typeof slug !== "string" || isUnknown(slug)) return result;
  const keys = takenKeys(runtimeContext());
  const failures: dynamic.CheckFailure[] = [];
  const list = Array.isArray(inputs.numbers) ? (inputs.numbers as unknown[]) : [];
  for (const [i, entry] of list.entries()) {
    const number = phoneNumbers({ numbers: [entry] })[0];
    if (number === undefined || (before.has(number) && oldSlug === slug)) continue;
    numberReleases.announceTake(number, slug);
    const holder = await keys.holder(BRIDGE_NUMBER_KEY, number);
    if (holder?.bridgeSlug !== slug || inputs.adopt) continue;
    failures.push({
      property: `numbers[${i}].phoneNumber`,
      reason:
        `${number} is already linked to bridge "${slug}" by another stack, the dashboard, or a BridgeNumber ` +
        "(a bridge's numbers are declared by one BridgeNumbers set or by BridgeNumber links, not both). Take it " +
        `over with \`adopt: true\` (see docs/adopting-and-exporting.md), or disconnect it there first. ${AFTER_INTERRUPT}`,
    });
  }
  return failures.length > 0 ? failed(inputs, failures) : result;
}
