import type { Level, NumberImpact } from "./number-impact";

/** What a set of planned changes does to one organization's live calls. JSON as it stands, with no secret. */
export interface ImpactReport {
  /** The organization's handle. */
  organization: string;
  windowDays: number;
  recentHours: number;
  /** The window's start, ISO 8601. */
  since: string;
  /** Call records read, newest first. */
  callsRead: number;
  /** Whether `maxCalls` stopped the read before the window's start. */
  capped: boolean;
  /** Requests the reader has made to the platform so far (its cost). */
  requests: number;
  /** Riskiest first: high, then low, then none; within a level, the most recent calls first. */
  numbers: NumberImpact[];
  /** What cannot be known: trunks, configurations, the cap, missing records. */
  notes: string[];
}

const RANK: Record<Level, number> = { high: 0, low: 1, none: 2 };

/** The report's order: level, then the latest call (none last), then the number. */
export function byRisk(a: NumberImpact, b: NumberImpact): number {
  const last = (n: NumberImpact) => (n.calls.lastCallAt === null ? -1 : Date.parse(n.calls.lastCallAt));
  return RANK[a.level] - RANK[b.level] || last(b) - last(a) || a.number.localeCompare(b.number);
}
