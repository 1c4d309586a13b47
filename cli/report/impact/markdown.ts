// The impact of a review as markdown, under the change table: a row per touched number, riskiest first,
// whether the stack acknowledged it, and what could not be known.
import type { NumberImpact } from "../../../provider/impact";
import { changeOf } from "../../../provider/impact/format";
import {
  followUpsText,
  inDays,
  lastCallsOnly,
  liveChannelsText,
  minuteOf,
} from "../../../provider/impact/wording";
import { resourceName } from "../../../provider/urn/urn";
import type { ReviewImpact } from "./read-impact";

/** A table cell's text: pipes escaped, one line. */
const text = (value: string): string => value.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");

/** Whether a number's impact blocks the review: high (or, with `failOn` low, low too) and not acknowledged. */
export function blocks(impact: ReviewImpact, n: NumberImpact, failOn: "high" | "low"): boolean {
  const risky = n.level === "high" || (failOn === "low" && n.level === "low");
  return risky && !(n.resource !== undefined && impact.acknowledgements.has(n.resource));
}

function row(impact: ReviewImpact, n: NumberImpact): string {
  const { calls } = n;
  const acknowledged =
    n.resource !== undefined && impact.acknowledgements.has(n.resource)
      ? `yes${impact.acknowledgements.reason(n.resource) ? `: ${impact.acknowledgements.reason(n.resource)}` : ""}`
      : n.level === "none"
        ? ""
        : "**no**";
  return `| ${[
    n.number,
    changeOf(n),
    n.resource === undefined ? "" : resourceName(n.resource),
    `**${n.level.toUpperCase()}**: ${n.rule}`,
    `${calls.total} (${calls.inbound} in, ${calls.outbound} out; ${calls.failed} failed)`,
    calls.lastCallAt === null ? "—" : minuteOf(calls.lastCallAt),
    liveChannelsText(n.liveChannels),
    n.agent ?? "—",
    followUpsText(n.followUps),
    acknowledged,
  ]
    .map(text)
    .join(" | ")} |`;
}

/** The impact section: a sentence of totals, the numbers' table, the notes. */
export function renderImpact(impact: ReviewImpact): string[] {
  const { report } = impact;
  const out = ["", "#### Impact on calls", ""];
  if (report.numbers.length === 0 && report.notes.length === 0) {
    out.push("No planned change takes a number off its bridge, deletes a bridge or changes a trunk.");
    return out;
  }
  const count = (level: string) => report.numbers.filter((n) => n.level === level).length;
  out.push(
    `${report.numbers.length} ${report.numbers.length === 1 ? "number" : "numbers"} touched: ${count("high")} high, ${count("low")} low, ${count("none")} none. ` +
      `Calls of the last ${inDays(report.windowDays)} (since ${minuteOf(report.since)}; recent: the last ${report.recentHours} h), ` +
      `${report.callsRead} call records read${report.capped ? ` — ${lastCallsOnly(report.callsRead)}` : ""}; ${report.requests} requests to organization ${report.organization}.`,
  );
  if (report.numbers.length > 0)
    out.push(
      "",
      `| Number | Change | Resource | Level | Calls (${inDays(report.windowDays)}) | Last call | Live | Agent | Follow-ups | Acknowledged |`,
      "|---|---|---|---|---|---|---|---|---|---|",
      ...report.numbers.map((n) => row(impact, n)),
    );
  if (report.notes.length > 0) out.push("", ...report.notes.map((note) => `- ${text(note)}`));
  return out;
}
