import type { CallDetailRecord } from "../../sdk";
import { stripPhoneSeparators } from "../../sdk";
import type { NumberCalls } from "./number-impact";

/** When a call happened: answered, else created; undefined when the record gives neither. */
export function callTime(cdr: CallDetailRecord): number | undefined {
  const ms = Date.parse(cdr.start_time ?? cdr.creation_time ?? "");
  return Number.isNaN(ms) ? undefined : ms;
}

/** No call in the window. */
export const NO_CALLS: Readonly<NumberCalls> = {
  total: 0,
  inbound: 0,
  outbound: 0,
  completed: 0,
  failed: 0,
  recent: 0,
  lastCallAt: null,
};

/** The calls of every number of an organization, summed up record by record. */
export class CallCounts {
  readonly #byNumber = new Map<string, NumberCalls>();

  /** @param recentSince calls at or after this moment (ms) are recent. */
  constructor(readonly recentSince: number) {}

  /**
   * Counts a call for the organization's number on it: the receiving number of an inbound call, the
   * calling number of an outbound one (the other side is the customer's).
   */
  add(cdr: CallDetailRecord, at: number): void {
    const own =
      cdr.call_type === "inbound"
        ? cdr.destination_number
        : cdr.call_type === "outbound"
          ? cdr.source_number
          : undefined;
    if (own === undefined) return;
    const number = stripPhoneSeparators(own);
    const calls = this.#byNumber.get(number) ?? { ...NO_CALLS };
    calls.total += 1;
    if (cdr.call_type === "inbound") calls.inbound += 1;
    else calls.outbound += 1;
    if (cdr.call_status === "completed") calls.completed += 1;
    // A call that never connected failed to reach anyone as surely as one that failed: for what a
    // change risks, both are calls the number did not carry through, so `notConnected` counts as failed.
    else if (cdr.call_status === "failed" || cdr.call_status === "notConnected") calls.failed += 1;
    if (at >= this.recentSince) calls.recent += 1;
    if (calls.lastCallAt === null || at > Date.parse(calls.lastCallAt)) {
      calls.lastCallAt = new Date(at).toISOString();
    }
    this.#byNumber.set(number, calls);
  }

  /** A number's calls (E.164); none when it had no call in the window. */
  of(number: string): NumberCalls {
    return { ...(this.#byNumber.get(number) ?? NO_CALLS) };
  }
}
