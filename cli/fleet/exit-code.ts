// The fleet's exit code, one a script can branch on. It follows the engine's own codes: 7 is what
// `pulumi preview|refresh --expect-no-changes` exits with when changes were found, 8 what a cancelled
// `pulumi` exits with. When several apply, the worst wins: a failed stack (1) over an interrupted run (8)
// over drift or changes to come (7); the report states all of them.
import type { FleetReport, StackResult } from "./fleet-report";
import { OPERATIONS } from "./operations";

/** The fleet's exit codes. */
export const EXIT = {
  /** Every stack ran; nothing drifted and nothing would change (for preview and drift), or all succeeded. */
  clean: 0,
  /** A stack failed (or a shard's run ended before a stack finished). */
  failed: 1,
  /** Bad input to the fleet command: nothing ran. */
  usage: 2,
  /** preview or drift: a stack drifted or would change, none failed (`--expect-no-changes`'s code). */
  changes: 7,
  /** An interrupt kept stacks from running or cancelled them, none failed. */
  interrupted: 8,
} as const;

/** Whether `result` counts as failed: it failed, or its run ended while it was pending or running. */
export const isFailure = (result: StackResult): boolean =>
  result.status === "failed" || result.status === "pending" || result.status === "running";

/** The exit code of a finished (or merged) report. */
export function exitCode(report: FleetReport): number {
  if (report.stacks.some(isFailure)) return EXIT.failed;
  if (report.stacks.some((s) => s.status === "cancelled" || s.status === "not run")) return EXIT.interrupted;
  if (OPERATIONS[report.operation].check && report.stacks.some((s) => s.status === "changes"))
    return EXIT.changes;
  return EXIT.clean;
}

/** The exit code in words, naming each of the conditions found. */
export function exitSentence(report: FleetReport): string {
  const code = exitCode(report);
  const count = (pred: (s: StackResult) => boolean) => report.stacks.filter(pred).length;
  const failed = count(isFailure);
  const interrupted = count((s) => s.status === "cancelled" || s.status === "not run");
  const changed = count((s) => s.status === "changes");
  const words = OPERATIONS[report.operation].words;
  const also: string[] = [];
  if (code !== EXIT.interrupted && interrupted > 0) also.push(`${interrupted} cancelled or not run`);
  if (code !== EXIT.changes && changed > 0) also.push(`${changed} ${words.changes}`);
  const main =
    code === EXIT.failed
      ? `${failed} ${failed === 1 ? "stack" : "stacks"} failed`
      : code === EXIT.interrupted
        ? `interrupted: ${interrupted} ${interrupted === 1 ? "stack" : "stacks"} cancelled or not run`
        : code === EXIT.changes
          ? `${changed} ${changed === 1 ? "stack" : "stacks"}: ${words.changes}`
          : "every stack ran cleanly";
  return `Exit code ${code}: ${main}${also.length > 0 ? ` (also ${also.join(", ")})` : ""}.`;
}
