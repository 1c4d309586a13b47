// The shards' JSON reports merged into the one report a run on one machine gives: every stack of the
// selection once, in selection order. A stack no report finished is a failed row saying why (its shard's
// job was killed while it ran, or wrote no report at all), so a lost runner never looks like a clean run.
// A rerun's report (a later start) replaces the earlier result of each stack it finished.

import { type FleetReport, pendingResult, REPORT_FORMAT, type StackResult } from "./fleet-report";
import { FleetInputError } from "./input-error";
import { shardOf } from "./shard";

/** A report and the file it came from, for messages. */
export interface SourcedReport {
  report: FleetReport;
  source: string;
}

const finalResult = (r: StackResult): boolean => r.status !== "pending" && r.status !== "running";

/** Merges shard reports of one selection and operation. */
export function mergeReports(inputs: readonly SourcedReport[]): FleetReport {
  const first = inputs[0];
  if (!first) throw new FleetInputError("merge: no report to merge");
  for (const { report, source } of inputs.slice(1)) {
    if (report.operation !== first.report.operation)
      throw new FleetInputError(
        `merge: ${source} is a ${report.operation} report, ${first.source} a ${first.report.operation} report: merge the shards of one run`,
      );
    if (report.shards !== first.report.shards || !sameList(report.selection, first.report.selection))
      throw new FleetInputError(
        `merge: ${source} and ${first.source} cut different selections (${report.selection.length} stacks in ${report.shards} shards, ${first.report.selection.length} in ${first.report.shards}): merge the shards of one selection`,
      );
  }
  // Later runs last, so a rerun's results replace the killed run's.
  const ordered = [...inputs].sort((a, b) => Date.parse(a.report.startedAt) - Date.parse(b.report.startedAt));
  const { selection, shards, operation } = first.report;
  const stacks = selection.map((id, position): StackResult => {
    const seen = ordered.flatMap(({ report }) => report.stacks.filter((s) => s.id === id));
    const finished = seen.filter(finalResult).pop();
    if (finished) return finished;
    const last = seen.pop();
    const shard = `${shardOf(position, shards)}/${shards}`;
    if (last)
      return {
        ...last,
        status: "failed",
        cause: `the run of shard ${shard} ended while this stack was ${last.status === "running" ? "running" : "waiting to start"} (its job was killed or lost): run that shard again`,
      };
    const [project = "", ...rest] = id.split("/");
    return {
      ...pendingResult({ id, project, stack: rest.join("/"), folder: "" }),
      status: "failed",
      cause: `no report from shard ${shard} (its job wrote none): run that shard again`,
    };
  });
  const starts = inputs.map((i) => Date.parse(i.report.startedAt));
  const ends = inputs.map((i) => (i.report.finishedAt ? Date.parse(i.report.finishedAt) : Number.NaN));
  const finishedAt = ends.every((t) => !Number.isNaN(t))
    ? new Date(Math.max(...ends)).toISOString()
    : undefined;
  return {
    format: REPORT_FORMAT,
    operation,
    selection,
    shards,
    startedAt: new Date(Math.min(...starts)).toISOString(),
    ...(finishedAt ? { finishedAt } : {}),
    // Every stack has its final result (a killed shard's unfinished ones as failed rows).
    complete: true,
    interrupted: inputs.some((i) => i.report.interrupted),
    stacks,
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
