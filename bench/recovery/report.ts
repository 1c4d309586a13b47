// The recovery benchmark's table: each step's time, and what the platform holds against what state
// records after it.
import { int } from "../harness/stats";
import type { RecoveryResult } from "./result";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const cells = (row: readonly string[]) => `| ${row.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;

export function renderRecovery(r: RecoveryResult, header: string): string {
  const rows = r.steps.map((s) =>
    cells([
      s.step,
      seconds(s.ms),
      s.answered === undefined ? "—" : `${int(s.answered)} of ${int(s.left ?? 0)}`,
      int(s.writes ?? 0),
      int(s.census.onPlatform),
      int(s.census.inState),
      `${int(s.census.orphans.length)} · ${int(s.census.lost.length)} · ${int(s.census.duplicates.length)}`,
      s.rounds?.map((l) => l.replace(/^round (\d+): /, "$1: ")).join("<br>") ?? "",
    ]),
  );
  return [
    header,
    "",
    `Estate: ${int(r.records)} platform records, ${int(r.resources)} resources (${int(r.sets)} sets, ${int(r.links)} links); ` +
      `PULUMI_SKIP_CHECKPOINTS=true; engine --parallel ${r.parallel}; emulator in-process over loopback HTTP. ` +
      "A kill holds every write after the answered ones at the emulator (committed, unanswered), then SIGKILLs the engine and its plugins.",
    "",
    cells([
      "Step",
      "Time",
      "Writes answered before the kill",
      "Writes",
      "On the platform",
      "In state",
      "Orphans · lost · duplicates",
      "Recover rounds",
    ]),
    cells(["---", "---", "---", "---", "---", "---", "---", "---"]),
    ...rows,
  ].join("\n");
}
