import type { NumberImpact } from "./number-impact";
import type { ImpactReport } from "./report";
import {
  counted,
  followUpsText,
  inDays,
  lastCallsOnly,
  liveChannelsText,
  minuteOf,
  noCallsIn,
} from "./wording";

/** The change in words: `move support → sales`, `disconnect from support`, `bridge support deleted`. */
export function changeOf(impact: NumberImpact): string {
  const from = impact.fromBridge ?? "?";
  switch (impact.change) {
    case "move":
      return `move ${from} → ${impact.toBridge ?? "?"}`;
    case "disconnect":
      return impact.fromBridge === undefined ? "disconnect" : `disconnect from ${impact.fromBridge}`;
    case "bridge-delete":
      return `bridge ${from} deleted`;
    case "bridge-replace":
      return `bridge ${from} replaced`;
  }
}

/** The window's calls in words: `37 calls in 7 days (30 in, 7 out; 3 failed), last 2026-11-28T13:02Z`. */
function callsOf(impact: NumberImpact, windowDays: number): string {
  const { calls } = impact;
  if (calls.total === 0) return noCallsIn(windowDays);
  const failed = calls.failed === 0 ? "" : `; ${calls.failed} failed`;
  const last = calls.lastCallAt === null ? "" : `, last ${minuteOf(calls.lastCallAt)}`;
  return `${counted(calls.total, "call")} in ${inDays(windowDays)} (${calls.inbound} in, ${calls.outbound} out${failed})${last}`;
}

/**
 * One number's impact on one line, for a preview's warning:
 * `+14155550100 (move support → sales): HIGH — 2 live channels now; 37 calls in 7 days (30 in, 7 out;
 * 3 failed), last 2026-11-28T13:02Z; agent support-agent; 1 follow-up scheduled (next …)`.
 */
export function formatNumberImpact(
  impact: NumberImpact,
  report: Pick<ImpactReport, "windowDays" | "callsRead" | "capped">,
): string {
  const facts = [
    liveChannelsText(impact.liveChannels),
    callsOf(impact, report.windowDays),
    impact.agent === null ? "no agent" : `agent ${impact.agent}`,
    followUpsText(impact.followUps),
  ];
  // The rule already says some of these facts in the same words: each is said once.
  const rest = facts.filter((fact) => !impact.rule.includes(fact));
  const capped = report.capped ? [lastCallsOnly(report.callsRead)] : [];
  const details = [impact.rule, ...rest, ...capped].join("; ");
  return `${impact.number} (${changeOf(impact)}): ${impact.level.toUpperCase()} — ${details}`;
}
