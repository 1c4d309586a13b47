// The words an impact is told in, shared by the level's rule, the one-line summary and the notes,
// so that each fact is said the same way everywhere.
import type { FollowUps } from "./number-impact";

/** `1 call`, `3 calls`. */
export const counted = (n: number, noun: string): string => `${n} ${n === 1 ? noun : `${noun}s`}`;

/** The window in words: `7 days`, `1 day`, `0.5 days`. */
export const inDays = (days: number): string => counted(days, "day");

/** The recent span in words: `the last 24 h`. */
export const inLastHours = (hours: number): string => `the last ${hours} h`;

/** A moment to the minute, as a reviewer reads it: `2026-11-28T13:02Z`. */
export const minuteOf = (iso: string): string => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${new Date(ms).toISOString().slice(0, 16)}Z`;
};

/** `no calls in 7 days`. */
export const noCallsIn = (days: number): string => `no calls in ${inDays(days)}`;

/** `2 live channels now`, `no live channels`, `live channels unknown`. */
export function liveChannelsText(channels: number | null): string {
  if (channels === null) return "live channels unknown";
  return channels === 0 ? "no live channels" : `${counted(channels, "live channel")} now`;
}

/** `1 follow-up scheduled (next 2026-11-29T09:00Z)`, `no follow-ups`, `follow-ups unknown`. */
export function followUpsText(followUps: FollowUps | null): string {
  if (followUps === null) return "follow-ups unknown";
  if (followUps.count === 0) return "no follow-ups";
  const next = followUps.next === null ? "" : ` (next ${minuteOf(followUps.next)})`;
  return `${counted(followUps.count, "follow-up")} scheduled${next}`;
}

/** What a capped read says wherever its numbers are shown. */
export const lastCallsOnly = (callsRead: number): string => `impact from the last ${callsRead} calls only`;
