// The report as GitHub-flavoured markdown, for a pull-request comment or $GITHUB_STEP_SUMMARY.
import type { Action, ChangeRow } from "./changes";
import type { Report } from "./merge";
import { showValue } from "./secrets";

/** A table cell: the value as inline code (secrets masked), pipes escaped, on one line. */
export function cell(value: unknown): string {
  const text = showValue(value).replace(/\r?\n/g, " ");
  if (text === "") return "";
  const fence = text.includes("`") ? "``" : "`";
  return `${fence}${text.replace(/\|/g, "\\|")}${fence}`;
}

const ORIGINS = { code: "code", platform: "platform (drift)", "code and platform": "code and platform" };

/** Whether a table says what `up` will do (a plan) or what an operation did (it ran). */
export type Tense = "plan" | "done";

/** An action as done: what an applied operation did to the resource. */
const DONE: Record<Action, string> = {
  create: "created",
  update: "updated",
  replace: "replaced",
  delete: "deleted",
};

/** The row's values before and after, and what happened, for a table of what an operation did. */
function doneCells(row: ChangeRow): string[] {
  if (row.action === "create") return ["(none)", "(new)", "**created**"];
  if (row.action === "delete") return ["(existed)", "(removed)", "**deleted**"];
  // A refresh records the platform's value over the recorded one; any other step writes the code's.
  if (row.origin === "platform") return [cell(row.code), cell(row.platform), "**recorded**"];
  return [cell(row.platform), cell(row.code), `**${DONE[row.action]}**`];
}

function planCells(row: ChangeRow): string[] {
  return [
    row.action === "create" ? "(new)" : row.action === "delete" ? "(removed)" : cell(row.code),
    row.action === "create" ? "(none)" : row.action === "delete" ? "(exists)" : cell(row.platform),
    `**${row.action}**`,
  ];
}

function line(row: ChangeRow, withOrigin: boolean, tense: Tense): string {
  const cells = [
    row.resource.replace(/\|/g, "\\|"),
    row.property === "" ? "—" : `\`${row.property}\``,
    ...(tense === "plan" ? planCells(row) : doneCells(row)),
    ...(withOrigin ? [row.origin ? ORIGINS[row.origin] : ""] : []),
  ];
  return `| ${cells.join(" | ")} |`;
}

/**
 * The table of `rows` (resource, property, the two values, the action, and the cause when known): what
 * `up` will do for a plan, what was done (before, after, past tense) for an operation that ran.
 */
export function changesTable(rows: readonly ChangeRow[], tense: Tense = "plan"): string[] {
  const withOrigin = rows.some((r) => r.origin !== undefined);
  const head = tense === "plan" ? "In code | On the platform | `up` will" : "Before | After | Done";
  return [
    `| Resource | Property | ${head} |${withOrigin ? " Cause |" : ""}`,
    `|---|---|---|---|---|${withOrigin ? "---|" : ""}`,
    ...rows.map((row) => line(row, withOrigin, tense)),
  ];
}

/** Renders `report` under a heading naming `title`. */
export function renderMarkdown(report: Report, title = "Telephony changes"): string {
  const out = [`### ${title}`, ""];
  const resources = new Set(report.rows.map((r) => r.urn)).size;
  if (report.rows.length === 0 && report.unlocatedDrift === 0) {
    out.push("No changes: the platform matches the code.");
    return `${out.join("\n")}\n`;
  }
  if (report.rows.length > 0) {
    out.push(
      `${report.rows.length} ${report.rows.length === 1 ? "property" : "properties"} of ${resources} ${resources === 1 ? "resource" : "resources"} ${report.rows.length === 1 ? "differs" : "differ"}; \`pulumi up\` will make the platform match the code.`,
      "",
      ...changesTable(report.rows),
    );
  }
  if (report.unlocatedDrift > 0)
    out.push(
      ...(report.rows.length > 0 ? [""] : []),
      `The refresh found ${report.unlocatedDrift} ${report.unlocatedDrift === 1 ? "resource" : "resources"} changed on the platform; its JSON does not say which properties: \`pulumi preview --refresh --json\` does.`,
    );
  return `${out.join("\n")}\n`;
}
