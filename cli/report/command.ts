// `pulumi-voice-platform report`: the engine's JSON as a markdown table for reviewers, and with
// `--impact` what the planned changes do to live calls.
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { type EngineJson, parseEngineJson } from "./engine-json";
import { blocks, renderImpact } from "./impact/markdown";
import { impactOptionsOf } from "./impact/options";
import { impactJson, type ReviewImpact, readImpact } from "./impact/read-impact";
import { renderMarkdown } from "./markdown";
import { buildReport, hasChanges } from "./merge";

/** Usage of `pulumi-voice-platform report`. */
export const REPORT_USAGE = `Usage: pulumi-voice-platform report [--file <json>]... [--title <text>] [--exit-code]
                                    [--impact [--window-days <n>] [--recent-hours <n>] [--max-calls <n>]
                                     [--fail-on high|low] [--base-url <url>] [--org-handle <handle>]]
                                    [--json <file>]

Turns the engine's JSON into a markdown table (resource, property, value in code, value on the
platform, what \`pulumi up\` will do) for a pull-request comment or $GITHUB_STEP_SUMMARY. Reads
stdin without --file; give a plain preview and a refreshed one to tell code changes from drift:

  pulumi preview --json > preview.json
  pulumi preview --refresh --json > refreshed.json   # or: pulumi refresh --preview-only --json
  pulumi-voice-platform report --file preview.json --file refreshed.json >> "$GITHUB_STEP_SUMMARY"

Secrets appear only as [secret].

  --file <json>          a \`pulumi preview --json\` or \`pulumi refresh --preview-only --json\` output (at most two)
  --title <text>         the heading (default: Telephony changes)
  --exit-code            exit 1 when there are changes (default: always 0 after a report)
  --json <file>          also write the report (and the impact) as JSON to <file>

Impact on calls (reads the platform: the token from VOICE_TOKEN, the rest from the stack's settings in the JSON):
  --impact               for each number the plan disconnects, moves or whose bridge it deletes: its calls in
                         the window (from the call records, newest first), live channels, agent, scheduled
                         follow-ups, and a level (none, low, high) with the rule that set it
  --window-days <n>      how many days of calls (default 7; more than 0)
  --recent-hours <n>     calls within this many hours make a number high (default 24; more than 0)
  --max-calls <n>        the most call records to read (default 50000; more than 0)
  --fail-on high|low     exit 3 when a number of that level or higher is not acknowledged in the
                         stack's voice:acknowledgeImpact
  --base-url <url>       the platform (default: the stack's voice:baseUrl, then VOICE_BASE_URL)
  --org-handle <handle>  the organization (default: the stack's voice:orgHandle, then VOICE_ORG_HANDLE)

Exit status: 0 a report was written (and, with --exit-code, nothing changed); 1 with --exit-code,
changes were found; 3 with --fail-on, a risky change is not acknowledged; 4 the impact could not be
read (the report says why); 2 misuse or unreadable input.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Runs `report` with its arguments. */
export async function runReport(argv: readonly string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      file: { type: "string", multiple: true },
      title: { type: "string" },
      "exit-code": { type: "boolean" },
      json: { type: "string" },
      impact: { type: "boolean" },
      "window-days": { type: "string" },
      "recent-hours": { type: "string" },
      "max-calls": { type: "string" },
      "fail-on": { type: "string" },
      "base-url": { type: "string" },
      "org-handle": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${REPORT_USAGE}\n`);
    return;
  }
  if (positionals.length > 0) throw new Error(`unexpected argument '${positionals[0]}' (use --file)`);
  const files = values.file ?? [];
  if (files.length > 2) throw new Error("at most two --file: a preview and a refresh");
  const impact = impactOptionsOf(values);
  for (const flag of ["base-url", "org-handle"] as const)
    if (!impact && values[flag] !== undefined) throw new Error(`--${flag} needs --impact`);
  if (files.length === 0 && process.stdin.isTTY)
    throw new Error("no input: pipe the engine's JSON in or use --file");
  const documents: EngineJson[] =
    files.length === 0
      ? [parseEngineJson(await readStdin(), "stdin")]
      : await Promise.all(
          files.map(async (file) => {
            const text = await readFile(file, "utf8").catch((e: NodeJS.ErrnoException) => {
              throw new Error(`cannot read ${file}: ${e.code ?? e.message}`);
            });
            return parseEngineJson(text, file);
          }),
        );
  const report = buildReport(documents);
  let read: ReviewImpact | undefined;
  let failure: string | undefined;
  if (impact) {
    const flags = { "voice:baseUrl": values["base-url"], "voice:orgHandle": values["org-handle"] };
    read = await readImpact(documents, flags, impact.options).catch((e: unknown) => {
      failure = e instanceof Error ? e.message : String(e);
      return undefined;
    });
  }
  const impactLines = read
    ? renderImpact(read)
    : failure
      ? ["", "#### Impact on calls", "", `Not read: ${failure}`]
      : [];
  process.stdout.write(`${renderMarkdown(report, values.title)}${impactLines.map((l) => `${l}\n`).join("")}`);
  if (values.json !== undefined)
    await writeFile(
      values.json,
      `${JSON.stringify({ ...report, ...(read ? { impact: impactJson(read) } : {}) }, null, 2)}\n`,
    );
  if (failure !== undefined) {
    process.stderr.write(`pulumi-voice-platform report: impact not read: ${failure}\n`);
    process.exitCode = 4;
  } else if (read && impact?.failOn && unacknowledged(read, impact.failOn)) process.exitCode = 3;
  else if (values["exit-code"] && hasChanges(report)) process.exitCode = 1;
}

/** Whether a number at `failOn` or higher is not acknowledged by the stack. */
function unacknowledged(read: ReviewImpact, failOn: "high" | "low"): boolean {
  return read.report.numbers.some((n) => blocks(read, n, failOn));
}
