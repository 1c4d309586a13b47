// The report as GitHub-flavoured markdown, for a pull-request comment or $GITHUB_STEP_SUMMARY.
import type { ChangeRow } from "./changes";
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

function line(row: ChangeRow, withOrigin: boolean): string {
  const cells = [
    row.resource.replace(/\|/g, "\\|"),
    row.property === "" ? "—" : `\`${row.property}\``,
    row.action === "create" ? "(new)" : row.action === "delete" ? "(removed)" : cell(row.code),
    row.action === "create" ? "(none)" : row.action === "delete" ? "(exists)" : cell(row.platform),
    `**${row.action}**`,
    ...(withOrigin ? [row.origin ? ORIGINS[row.origin] : ""] : []),
  ];
  return `| ${cells.join(" | ")} |`;
}

/** The table of `rows` (resource, property, in code, on the platform, what `up` will do, and the cause when known). */
export function changesTable(rows: readonly ChangeRow[]): string[] {
  const withOrigin = rows.some((r) => r.origin !== undefined);
  return [
    `| Resource | Property | In code | On the platform | \`up\` will |${withOrigin ? " Cause |" : ""}`,
    `|---|---|---|---|---|${withOrigin ? "---|" : ""}`,
    ...rows.map((row) => line(row, withOrigin)),
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
