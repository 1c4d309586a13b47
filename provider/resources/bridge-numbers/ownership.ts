import type * as dynamic from "@pulumi/pulumi/dynamic";
import { runtimeContext } from "../../context-cache";
import { failed } from "../../runtime/check";
import { isUnknown } from "../../runtime/fields";
import { numberReleases } from "../../runtime/number-releases";
import { AFTER_INTERRUPT, isRecovering, takenKeys } from "../../runtime/ownership";
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

/** At most this many numbers are named in one refusal; the rest are counted. */
const MAX_NAMED = 20;

const listed = (numbers: readonly string[]): string =>
  numbers.length <= MAX_NAMED
    ? numbers.join(", ")
    : `${numbers.slice(0, MAX_NAMED).join(", ")}, … ${numbers.length - MAX_NAMED} more`;

/**
 * A set's ownership at preview, number by number, against the links the bridges list (read once per
 * process, shared with BridgeNumber). A set owns only what it declared: a new set (or a set moved to
 * another bridge) on a bridge that already holds numbers, from anyone, fails naming them unless
 * `adopt` says to take them over — `true` for declared numbers only, `"overwrite"` also for the
 * undeclared ones, which it disconnects. A number new to the set that already sits on the set's own
 * bridge is somebody else's (another stack, the dashboard, a BridgeNumber) unless adopted. One on
 * another bridge may be given up by another set of this program in the same `up`, whose check may
 * come later (the engine checks in program order): its connect then moves it from that set's bridge
 * (see `number-releases.ts`), and fails naming the holder when no set of the run gives it up, as it
 * would for a number somebody else holds. `recover`'s preview lets all of it pass: a set whose
 * numbers are on its bridge is what it looks for.
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
  if (result.failures?.length || !inputs || isRecovering()) return result;
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
  if (oldSlug !== slug && !isUnknown(inputs.numbers)) {
    const undeclared = await undeclaredOnBridge(keys, slug, new Set(now));
    if (undeclared.length > 0 && inputs.adopt !== "overwrite")
      failures.push({
        property: "bridgeSlug",
        reason: heldByOthers(slug, undeclared, inputs.adopt === true),
      });
  }
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

/** The numbers on bridge `slug` that the set does not declare, sorted; none when the platform cannot be asked. */
async function undeclaredOnBridge(
  keys: ReturnType<typeof takenKeys>,
  slug: string,
  declared: ReadonlySet<string>,
): Promise<string[]> {
  const onBridge = await keys.keysWhere(BRIDGE_NUMBER_KEY, (holder) => holder.bridgeSlug === slug);
  return (onBridge ?? []).filter((n) => !declared.has(n)).sort();
}

/** Why a new set may not take a bridge that holds numbers it does not declare, and the ways out. */
function heldByOthers(slug: string, undeclared: readonly string[], adopting: boolean): string {
  const count = undeclared.length === 1 ? "1 number" : `${undeclared.length} numbers`;
  return (
    `bridge "${slug}" already holds ${count} this set does not declare (${listed(undeclared)}), linked by another ` +
    "stack, the dashboard or BridgeNumber links. A set owns every number of its bridge, so it would disconnect " +
    `them on a later \`up\`${adopting ? "; `adopt: true` takes over declared numbers only" : ""}. Declare them ` +
    'in the set and set `adopt: true` to take them over, set `adopt: "overwrite"` to disconnect them, or declare ' +
    `this bridge's numbers as BridgeNumber links instead (see docs/adopting-and-exporting.md). ${AFTER_INTERRUPT}`
  );
}
