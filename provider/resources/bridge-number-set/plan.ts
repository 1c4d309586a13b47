// A set's writes: what makes the recorded numbers the declared ones, and which removals another set of
// the same run takes over as moves.
// The module itself, not the links' index: the impact core reads a set's plan without the engine,
// and the index also holds the program's claims, which load it.
import { type NumberReleases, numberReleases } from "../../links/number-releases";
import type { LinkedNumber, SetNumber } from "./schema";

/** A recorded number equals a declared one: same number, same configuration (unknown when linked outside the set). */
const same = (old: LinkedNumber | undefined, declared: SetNumber): boolean =>
  old !== undefined &&
  (old.providerConfigurationId === null || old.providerConfigurationId === declared.providerConfigurationId);

/** The writes that make `recorded` the declared numbers: disconnects first (they free numbers for other sets), then connects. */
export function plan(recorded: readonly LinkedNumber[], declared: readonly SetNumber[]): Steps {
  const old = new Map(recorded.map((n) => [n.phoneNumber, n]));
  const wanted = new Map(declared.map((n) => [n.phoneNumber, n]));
  const connects = declared.filter((n) => !same(old.get(n.phoneNumber), n));
  const reconnect = new Set(connects.map((n) => n.phoneNumber));
  const disconnects = recorded
    .filter((n) => !wanted.has(n.phoneNumber) || reconnect.has(n.phoneNumber))
    .map((n) => n.phoneNumber)
    .filter((n) => old.has(n));
  return { disconnects, connects, handed: [] };
}

/** A plan's writes; `handed` are numbers given up that another set of this run takes (see `number-releases.ts`). */
export interface Steps {
  readonly disconnects: readonly string[];
  readonly connects: readonly SetNumber[];
  readonly handed: readonly string[];
}

/**
 * An update's plan with the numbers another set of this run announced taking set apart: the taker's
 * connect moves each one (disconnect here, connect there, in one call), so this update leaves them
 * linked until that move, rather than taking them off every bridge until the engine reaches the taker.
 */
export async function handOver(
  bridgeSlug: string,
  steps: Steps,
  releases: NumberReleases = numberReleases,
): Promise<Steps> {
  const takenElsewhere = (number: string) => {
    const taker = releases.taker(number);
    return taker !== undefined && taker !== bridgeSlug;
  };
  const reconnect = new Set(steps.connects.map((n) => n.phoneNumber));
  // A number with no taker yet may have one whose set the program has not registered: wait while
  // sets are still being checked (a plain removal after the program registered waits for nothing).
  if (steps.disconnects.some((n) => !reconnect.has(n) && !takenElsewhere(n))) await releases.checksSettled();
  const handed = steps.disconnects.filter((n) => !reconnect.has(n) && takenElsewhere(n));
  const kept = new Set(handed);
  return { ...steps, disconnects: steps.disconnects.filter((n) => !kept.has(n)), handed };
}
