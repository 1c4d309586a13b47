// The markdown of the set-form benchmark (printed, and pasted into bench/README.md): each operation's
// time, requests, the least time those requests take at the platform's rate limit, memory and CPU;
// the targets; the requests of both forms at N = 1,000; then memory item by item (bench/sets/memory-report.ts).
import { describeMix } from "../harness/describe-mix";
import { int } from "../harness/stats";
import { shapeLabel } from "./estate";
import {
  cpuOf,
  MODE_LABEL,
  mb,
  OP_LABEL,
  OPS,
  opOf,
  PLATFORM_SECONDS_PER_REQUEST,
  SIDE_LABEL,
  sec,
  TARGETS,
  table,
  verdict,
} from "./format";
import { memorySections } from "./memory-report";
import type { SetsBenchResults } from "./results";
import type { SetPoint, SetSide, SetSideRun } from "./scale";

function sideRuns(points: readonly SetPoint[]): { p: SetPoint; side: SetSide; run: SetSideRun }[] {
  return points.flatMap((p) =>
    (["native", "voice", "yaml"] as const).flatMap((side) => {
      const run = p.sides[side];
      return run ? [{ p, side, run }] : [];
    }),
  );
}

function opsTable(points: readonly SetPoint[]): string[] {
  const rows = sideRuns(points).flatMap(({ p, side, run }) =>
    OPS.map((op) => {
      const m = opOf(run, op);
      return [
        shapeLabel(p.shape),
        MODE_LABEL[p.mode],
        SIDE_LABEL[side],
        OP_LABEL[op],
        sec(m.ms),
        int(m.requests),
        sec(m.requests * PLATFORM_SECONDS_PER_REQUEST * 1000),
        `${mb(m.rss?.providerMb)} · ${mb(m.rss?.programMb)} · ${mb(m.rss?.engineMb)}`,
        `${cpuOf(m).toFixed(1)} s`,
      ];
    }),
  );
  return table(
    [
      "estate",
      "engine",
      "side",
      "operation",
      "wall time",
      "requests",
      "at 600/min (× 0.1 s)",
      "peak RSS provider · program · engine",
      "CPU (all three)",
    ],
    rows,
  );
}

function targetRows(r: SetsBenchResults): string[][] {
  const rows: string[][] = [];
  const org = r.sets.points.filter((p) => p.form === "sets" && p.shape.kind === "organization");
  for (const { p, side, run } of sideRuns(org)) {
    const slowest = OPS.map((op) => ({ op, ms: opOf(run, op).ms })).sort((a, b) => b.ms - a.ms)[0]!;
    const peak = (k: "providerMb" | "programMb") => Math.max(...OPS.map((op) => opOf(run, op).rss?.[k] ?? 0));
    const where = `${shapeLabel(p.shape)}, ${MODE_LABEL[p.mode]}, ${SIDE_LABEL[side]}`;
    rows.push([
      `every operation ≤ 5 min (${where})`,
      `slowest ${OP_LABEL[slowest.op]} ${sec(slowest.ms)}`,
      verdict(slowest.ms <= TARGETS.opMs),
    ]);
    rows.push([
      `provider ≤ 250 MB (${where})`,
      mb(peak("providerMb")),
      verdict(peak("providerMb") <= TARGETS.providerMb),
    ]);
    // A YAML program has no Node.js language host; its program figure is the YAML language host.
    rows.push([
      `program ≤ 500 MB (${where})`,
      mb(peak("programMb")),
      verdict(peak("programMb") <= TARGETS.programMb),
    ]);
  }
  return rows;
}

function requestsBothForms(r: SetsBenchResults): string[] {
  const at = (form: "sets" | "links") =>
    r.sets.points.find((p) => p.form === form && p.shape.kind === "mix" && p.mode === "skipCheckpoints");
  const sets = at("sets");
  const links = at("links");
  if (!sets || !links) return ["(not run)"];
  const rows = OPS.flatMap((op) =>
    (["native", "voice"] as const).map((side) => {
      const s = sets.sides[side];
      const l = links.sides[side];
      const routes = (run: SetSideRun | undefined) =>
        run
          ? Object.entries(opOf(run, op).byRoute)
              .map(([k, v]) => `${k} ${int(v)}`)
              .join(", ")
          : "n/a";
      return [
        OP_LABEL[op],
        SIDE_LABEL[side],
        s ? int(opOf(s, op).requests) : "n/a",
        l ? int(opOf(l, op).requests) : "n/a",
        routes(s),
        routes(l),
      ];
    }),
  );
  return table(["operation", "side", "sets", "per link", "sets by route", "per link by route"], rows);
}

/** The whole report. */
export function renderSetsReport(r: SetsBenchResults): string {
  const m = r.machine;
  const estates = [
    ...new Map(
      r.sets.points.map((p) => [
        `${p.form} ${shapeLabel(p.shape)}`,
        `${shapeLabel(p.shape)} (${p.form === "sets" ? "sets" : "per link"}): ${describeMix(p.mix)}, declared as ${int(p.declared)} resources`,
      ]),
    ).values(),
  ];
  return [
    `Command: \`${r.command}\` · ${r.startedAt} · took ${Math.round(r.durationS / 60)} min ${r.durationS % 60} s${r.complete ? "" : " · **stopped early**"}`,
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}; load average (1 min) ${m.loadAverageAtStart} at start, ${r.load.min}–${r.load.max} during the run (mean ${r.load.mean}, ${r.load.samples} samples). Node ${m.node}; ${Object.entries(
      m.versions,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ", ",
      )}. Engine parallelism ${r.sets.parallel}${r.sets.nodeOptions ? `; the engine's Node.js processes (program, dynamic-provider host) started with \`NODE_OPTIONS=${r.sets.nodeOptions}\`` : ""}; emulator in-process over loopback HTTP, rate limit raised to ${int(r.sets.rateLimit)} requests/min.`,
    "",
    `Estates: ${estates.join("; ")}.`,
    "",
    "Each operation (one run each; `up` of the export = `pulumi-voice-platform export` into a fresh project and stack, then its `up`, which adopts: 0 platform writes asserted):",
    "",
    ...opsTable(r.sets.points),
    "",
    "Targets:",
    "",
    ...table(["target", "measured", ""], targetRows(r)),
    "",
    "Requests per operation at N = 1,000, both forms (checkpoints skipped; the count does not depend on it):",
    "",
    ...requestsBothForms(r),
    "",
    ...memorySections(r),
  ].join("\n");
}
