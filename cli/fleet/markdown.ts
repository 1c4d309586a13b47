// The combined report as GitHub-flavoured markdown, for a pull-request comment or a CI job summary:
// the verdict and exit code, a row per stack that needs a look, the clean ones folded, then each stack's
// changed properties (the `report` command's table) and the policy violations.
import { resourceName } from "../../provider/urn/urn";
import type { ChangeRow } from "../report/changes";
import { changesTable } from "../report/markdown";
import { exitSentence, isFailure } from "./exit-code";
import type { FleetReport, StackResult } from "./fleet-report";
import { OPERATIONS } from "./operations";
import { clock } from "./progress";

/** How many slowest stacks the report names. */
const SLOWEST = 3;

/** A table cell's text: pipes escaped, one line. */
const text = (value: string): string => value.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");

/** A stack's result in the operation's words. */
export function resultWords(report: FleetReport, result: StackResult): string {
  const words = OPERATIONS[report.operation].words;
  if (result.status === "clean") return words.clean;
  if (result.status === "changes") return words.changes;
  if (result.status === "pending" || result.status === "running") return "failed";
  return result.status;
}

/** The engine's change-summary operations as done. */
const PAST: Record<string, string> = {
  create: "created",
  update: "updated",
  replace: "replaced",
  delete: "deleted",
  "create-replacement": "replaced",
  "delete-replaced": "replaced",
  import: "imported",
  refresh: "refreshed",
};

function changesCell(result: StackResult, applied: boolean): string {
  if (result.cause) return text(result.cause);
  const rows = result.changes.length;
  const resources = new Set(result.changes.map((r) => r.urn)).size;
  const parts: string[] = [];
  if (rows > 0)
    parts.push(
      `${rows} ${rows === 1 ? "property" : "properties"} of ${resources} ${resources === 1 ? "resource" : "resources"}`,
    );
  if (result.unlocatedChanges > 0) parts.push(`${result.unlocatedChanges} resources (properties not given)`);
  const ops = Object.entries(result.changeSummary)
    .filter(([op, n]) => op !== "same" && n > 0)
    .map(([op, n]) => `${n} ${applied ? (PAST[op] ?? op) : `to ${op}`}`);
  if (rows === 0 && ops.length > 0) parts.push(ops.join(", "));
  return parts.join("; ");
}

function policyCell(result: StackResult): string {
  const mandatory = result.policy.filter((v) => v.level === "mandatory").length;
  const advisory = result.policy.length - mandatory;
  return [mandatory ? `${mandatory} mandatory` : "", advisory ? `${advisory} advisory` : ""]
    .filter(Boolean)
    .join(", ");
}

const time = (ms: number | undefined) => (ms === undefined ? "" : clock(ms));

/** How many of the riskiest numbers across the fleet the impact section lists. */
const RISKIEST = 20;

/** A stack's impact in a cell: its numbers by level, those not acknowledged called out. */
function impactCell(result: StackResult): string {
  if (result.impactError) return `not read: ${text(result.impactError)}`;
  const impact = result.impact;
  if (!impact) return "";
  const count = (level: string) => impact.numbers.filter((n) => n.level === level).length;
  const open = impact.numbers.filter((n) => n.level === "high" && !n.acknowledged).length;
  const levels = `${count("high")} high, ${count("low")} low, ${count("none")} none`;
  return `${levels}${open > 0 ? ` (**${open} high not acknowledged**)` : ""}`;
}

const LEVEL_RANK: Record<string, number> = { high: 0, low: 1, none: 2 };

/** The riskiest touched numbers across the fleet: high first, the unacknowledged before the acknowledged. */
function impactSection(report: FleetReport): string[] {
  const rows = report.stacks.flatMap((s) => (s.impact?.numbers ?? []).map((n) => ({ stack: s.id, ...n })));
  const notes = report.stacks.flatMap((s) => (s.impact?.notes ?? []).map((note) => `\`${s.id}\`: ${note}`));
  if (rows.length === 0 && notes.length === 0) return [];
  const risky = rows
    .filter((r) => r.level !== "none")
    .sort(
      (a, b) =>
        (LEVEL_RANK[a.level] ?? 2) - (LEVEL_RANK[b.level] ?? 2) ||
        Number(a.acknowledged) - Number(b.acknowledged),
    );
  const out = ["", "#### Impact on calls", ""];
  const stackCount = new Set(rows.map((r) => r.stack)).size;
  out.push(
    `${rows.length} ${rows.length === 1 ? "number" : "numbers"} touched in ${stackCount} ${stackCount === 1 ? "stack" : "stacks"}; ${risky.length} at risk${risky.length > RISKIEST ? ` (the ${RISKIEST} riskiest below)` : ""}.`,
  );
  if (risky.length > 0)
    out.push(
      "",
      "| Stack | Number | Resource | Level | Why | Acknowledged |",
      "|---|---|---|---|---|---|",
      ...risky
        .slice(0, RISKIEST)
        .map(
          (r) =>
            `| \`${r.stack}\` | ${r.number} | ${text(r.resource === undefined ? "" : resourceName(r.resource))} | **${r.level.toUpperCase()}** | ${text(r.rule)} | ${r.acknowledged ? "yes" : r.level === "high" ? "**no**" : "no"} |`,
        ),
    );
  if (notes.length > 0) out.push("", ...notes.map((n) => `- ${text(n)}`));
  return out;
}

/** Renders the combined report under a heading naming `title`. */
export function renderFleetMarkdown(report: FleetReport, title?: string): string {
  const info = OPERATIONS[report.operation];
  const applied = !info.check;
  const out = [`### ${title ?? `Telephony fleet: ${report.operation}`}`, ""];
  const counts = new Map<string, number>();
  for (const s of report.stacks) {
    const w = resultWords(report, s);
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const total = report.stacks.length;
  out.push(
    `**${total} ${total === 1 ? "stack" : "stacks"}** (\`${info.engine}\` in each): ${[...counts.entries()]
      .map(([w, n]) => `${n} ${w}`)
      .join(", ")}. ${exitSentence(report)}`,
  );
  const requests = report.stacks.reduce((sum, s) => sum + (s.requests ?? 0), 0);
  const throttled = report.stacks.reduce((sum, s) => sum + (s.throttled ?? 0), 0);
  const slowest = report.stacks
    .filter((s) => s.durationMs !== undefined)
    .sort((a, b) => (b.durationMs ?? 0) - (a.durationMs ?? 0))
    .slice(0, SLOWEST);
  const facts = [
    report.startedAt && report.finishedAt
      ? `${clock(Date.parse(report.finishedAt) - Date.parse(report.startedAt))} in all`
      : undefined,
    `${requests} requests to the platform${throttled > 0 ? ` (${throttled} answered 429 and retried)` : ""}`,
    slowest.length > 0
      ? `slowest: ${slowest.map((s) => `${s.id} ${time(s.durationMs)}`).join(", ")}`
      : undefined,
  ].filter(Boolean);
  out.push("", facts.join(" · "));
  const withImpact = report.stacks.some((s) => s.impact !== undefined || s.impactError !== undefined);
  const notable = report.stacks.filter((s) => s.status !== "clean" || s.policy.length > 0);
  const clean = report.stacks.filter((s) => s.status === "clean" && s.policy.length === 0);
  if (notable.length > 0)
    out.push(
      "",
      `| Stack | Result | Cause or changes | Policy |${withImpact ? " Impact |" : ""} Requests | Time |`,
      `|---|---|---|---|${withImpact ? "---|" : ""}---|---|`,
      ...notable.map(
        (s) =>
          `| \`${s.id}\` | ${isFailure(s) || s.status === "changes" ? `**${resultWords(report, s)}**` : resultWords(report, s)} | ${changesCell(s, applied)} | ${policyCell(s)} |${withImpact ? ` ${impactCell(s)} |` : ""} ${s.requests ?? ""} | ${time(s.durationMs)} |`,
      ),
    );
  if (clean.length > 0)
    out.push(
      "",
      `<details><summary>${clean.length} ${clean.length === 1 ? "stack" : "stacks"}: ${info.words.clean}</summary>`,
      "",
      clean.map((s) => `\`${s.id}\``).join(", "),
      "",
      "</details>",
    );
  for (const s of report.stacks.filter((r) => r.changes.length > 0))
    out.push(
      "",
      `#### \`${s.id}\`: ${isFailure(s) ? "done before it failed" : resultWords(report, s)}`,
      "",
      ...changesTable(s.changes as ChangeRow[], applied ? "done" : "plan"),
    );
  out.push(...impactSection(report));
  const violations = report.stacks.flatMap((s) => s.policy.map((v) => ({ stack: s.id, ...v })));
  if (violations.length > 0)
    out.push(
      "",
      "#### Policy violations",
      "",
      "| Stack | Rule | Level | Resource | Message |",
      "|---|---|---|---|---|",
      ...violations.map(
        (v) =>
          `| \`${v.stack}\` | \`${v.policy}\` | ${v.level} | ${text(v.resource) || "(stack)"} | ${text(v.message)} |`,
      ),
    );
  return `${out.join("\n")}\n`;
}
