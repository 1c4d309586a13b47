import type { FollowUps, Level, NumberCalls } from "./number-impact";
import { counted, followUpsText, inDays, inLastHours, liveChannelsText, noCallsIn } from "./wording";

/** What the level of a number is judged on. */
export interface LevelFacts {
  calls: NumberCalls;
  liveChannels: number | null;
  followUps: FollowUps | null;
}

/** The thresholds the level uses (from the options). */
export interface LevelLimits {
  windowDays: number;
  recentHours: number;
  highCalls: number;
}

/**
 * A number's level and the rule that set it, the first that applies:
 * - `high`: a live channel now (the change cuts a call in progress), else a scheduled follow-up (it
 *   will call from the number), else at least `highCalls` calls within `recentHours` (callers use it now);
 * - `low`: calls in the window, but fewer recent ones than that;
 * - `none`: no calls in the window, no live channel, no follow-up.
 * What cannot be known (null channels or follow-ups) weighs as none, and the rule says it is unknown.
 */
export function levelOf(facts: LevelFacts, limits: LevelLimits): { level: Level; rule: string } {
  const { calls, liveChannels, followUps } = facts;
  if (liveChannels !== null && liveChannels > 0)
    return { level: "high", rule: liveChannelsText(liveChannels) };
  if (followUps !== null && followUps.count > 0) return { level: "high", rule: followUpsText(followUps) };
  const recent = inLastHours(limits.recentHours);
  if (calls.recent >= limits.highCalls) {
    return { level: "high", rule: `${counted(calls.recent, "call")} in ${recent}` };
  }
  if (calls.total > 0) {
    const fewer = calls.recent === 0 ? "none" : `${calls.recent} (fewer than ${limits.highCalls})`;
    return {
      level: "low",
      rule: `${counted(calls.total, "call")} in ${inDays(limits.windowDays)}, ${fewer} in ${recent}`,
    };
  }
  const rule = [noCallsIn(limits.windowDays), liveChannelsText(liveChannels), followUpsText(followUps)];
  return { level: "none", rule: rule.join(", ") };
}
