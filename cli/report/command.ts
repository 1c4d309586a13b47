// `pulumi-voice-platform report`: the engine's JSON as a markdown table for reviewers.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { type EngineJson, parseEngineJson } from "./engine-json";
import { renderMarkdown } from "./markdown";
import { buildReport, hasChanges } from "./merge";

/** Usage of `pulumi-voice-platform report`. */
export const REPORT_USAGE = `Usage: pulumi-voice-platform report [--file <json>]... [--title <text>] [--exit-code]

Turns the engine's JSON into a markdown table (resource, property, value in code, value on the
platform, what \`pulumi up\` will do) for a pull-request comment or $GITHUB_STEP_SUMMARY. Reads
stdin without --file; give a plain preview and a refreshed one to tell code changes from drift:

  pulumi preview --json > preview.json
  pulumi preview --refresh --json > refreshed.json   # or: pulumi refresh --preview-only --json
  pulumi-voice-platform report --file preview.json --file refreshed.json >> "$GITHUB_STEP_SUMMARY"

Secrets appear only as [secret].

  --file <json>  a \`pulumi preview --json\` or \`pulumi refresh --preview-only --json\` output (at most two)
  --title <text> the heading (default: Telephony changes)
  --exit-code    exit 1 when there are changes (default: always 0 after a report)

Exit status: 0 a report was written (and, with --exit-code, nothing changed); 1 with --exit-code,
changes were found; 2 misuse or unreadable input.`;

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
  process.stdout.write(renderMarkdown(report, values.title));
  if (values["exit-code"] && hasChanges(report)) process.exitCode = 1;
}
