// The export benchmark's table: each step of the round trip with its time and requests.
import { int } from "../harness/stats";
import type { ExportResult } from "./result";

const cells = (row: readonly string[]) => `| ${row.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
const summary = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, n]) => `${k} ${int(n)}`)
    .join(", ");

export function renderExport(r: ExportResult, header: string): string {
  return [
    header,
    "",
    `Organization: one connected account of ${int(r.numbers)} numbers, all linked, on ${int(r.bridges)} bridges, and a trunk; exported as TypeScript, each bridge's numbers a set. ` +
      `The up took over: ${summary(r.changes)}; the preview then found: ${summary(r.preview)}. Emulator in-process over loopback HTTP.`,
    "",
    cells(["Step", "Time", "Requests", "Writes"]),
    cells(["---", "---", "---", "---"]),
    ...r.steps.map((s) => cells([s.step, `${(s.ms / 1000).toFixed(1)} s`, int(s.requests), int(s.writes)])),
  ].join("\n");
}
