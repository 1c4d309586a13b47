import { stripPhoneSeparators } from "../../sdk";
import type { BridgeTouch, Touch } from "../runtime/touch";
import type { NumberImpact } from "./number-impact";

/** A number a set of touches names, and how. */
export interface TouchedNumber {
  number: string;
  change: NumberImpact["change"];
  resource?: string;
  fromBridge?: string;
  toBridge?: string;
  /** The configuration the change said connects it, if it said. */
  configurationId?: number;
}

/**
 * One entry per number, the touch that names it first winning: the numbers named by number touches,
 * then those of each touched bridge (as `numbersOf` lists them) not named already. A number's own
 * change says more than its bridge's, so it is kept over that.
 */
export function touchedNumbers(
  touches: readonly Touch[],
  numbersOf: (touch: BridgeTouch) => readonly string[],
): Map<string, TouchedNumber> {
  const found = new Map<string, TouchedNumber>();
  for (const touch of touches) {
    if (touch.kind !== "number") continue;
    const { kind: _, number: raw, ...how } = touch;
    const number = stripPhoneSeparators(raw);
    if (!found.has(number)) found.set(number, { ...how, number });
  }
  for (const touch of touches) {
    if (touch.kind !== "bridge") continue;
    const resource = touch.resource === undefined ? {} : { resource: touch.resource };
    for (const raw of numbersOf(touch)) {
      const number = stripPhoneSeparators(raw);
      if (found.has(number)) continue;
      found.set(number, { number, change: `bridge-${touch.change}`, fromBridge: touch.slug, ...resource });
    }
  }
  return found;
}
