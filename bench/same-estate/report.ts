// The markdown of a same-estate suite: per size, each side's wall time per operation over the
// repetitions with its ratio to its baseline in the same repetition, the requests, the memory of
// every process the side started, CPU, and the load average around each run.

import type { LoadSamples } from "../harness/load-sampler";
import type { Machine } from "../harness/machine";
import { int } from "../harness/stats";
import { describeSameEstate } from "./estate";
import { type Op, type OpFigures, type Side, type SideRun, sideKey, sideLabel } from "./side";
import { SUITES, type SuiteName } from "./suites";
import type { TypeErrorRun } from "./ts-type-errors";

export interface SameEstatePoint {
  numbers: number;
  sides: Side[];
  ops: Op[];
  reps: { order: string[]; runs: Record<string, SideRun> }[];
}

export interface SameEstateResults {
  command: string;
  suite: SuiteName;
  startedAt: string;
  durationS: number;
  complete: boolean;
  machine: Machine;
  load: LoadSamples;
  parallel: number;
  tofu: { version: string; restapi: string } | { skipped: string };
  points: SameEstatePoint[];
  /** `--ts-program`: where a type error surfaced, type-checked and transpile-only. */
  typeErrors?: TypeErrorRun[];
}

const OP_LABEL: Record<Op, string> = {
  create: "create",
  noop: "plan/`preview`, no change",
  refresh: "`refresh`",
  destroy: "`destroy`",
};

const sec = (ms: number) => (ms >= 100_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`);
/** `a` when all values round alike, else `min–max`. */
function range(values: readonly number[], fmt: (v: number) => string): string {
  if (values.length === 0) return "—";
  const lo = fmt(Math.min(...values));
  const hi = fmt(Math.max(...values));
  return lo === hi ? lo : `${lo.replace(/ [a-zA-Z]+$/, "")}–${hi}`;
}
const ratio = (v: number) => v.toFixed(2);
const mb = (v: number) => `${Math.round(v)} MB`;

function table(head: string[], rows: string[][]): string[] {
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((cells) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`),
  ];
}

/** Each repetition's figures of `side` for `op`. */
const figuresOf = (p: SameEstatePoint, side: Side, op: Op): (OpFigures | undefined)[] =>
  p.reps.map((r) => r.runs[sideKey(side)]?.ops[op]);

const defined = <T>(xs: readonly (T | undefined)[]): T[] => xs.filter((x): x is T => x !== undefined);

/** The side's time over its baseline's in the same repetition, for each repetition both ran. */
function ratios(p: SameEstatePoint, side: Side, base: Side, op: Op): number[] {
  const a = figuresOf(p, side, op);
  const b = figuresOf(p, base, op);
  return a.flatMap((x, i) => (x && b[i] ? [x.ms / b[i]!.ms] : []));
}

function pointSection(r: SameEstateResults, p: SameEstatePoint): string[] {
  const suite = SUITES[r.suite];
  const timeRows = p.sides.map((side) => {
    const base = suite.baselineOf(side, p.sides);
    return [
      sideLabel(side),
      ...p.ops.map((op) => {
        const ms = defined(figuresOf(p, side, op)).map((f) => f.ms);
        const q = base ? ratios(p, side, base, op) : [];
        return `${range(ms, sec)}${q.length ? ` (**${range(q, ratio)}**)` : ""}`;
      }),
    ];
  });
  const reqRows = p.sides.map((side) => [
    sideLabel(side),
    ...p.ops.map((op) =>
      range(
        defined(figuresOf(p, side, op)).map((f) => f.requests),
        int,
      ),
    ),
  ]);
  const memRows = p.sides.map((side) => {
    const perRep = (pick: (f: OpFigures) => number | null | undefined) =>
      p.reps
        .map((rep) => {
          const run = rep.runs[sideKey(side)];
          const vals = run ? p.ops.map((op) => run.ops[op]).flatMap((f) => (f ? [pick(f) ?? 0] : [])) : [];
          return vals.length ? Math.max(...vals) : undefined;
        })
        .filter((v): v is number => v !== undefined);
    const cpu = p.ops.map((op) =>
      range(
        defined(figuresOf(p, side, op)).map((f) => f.tree.cpuS),
        (v) => `${v.toFixed(1)} s`,
      ),
    );
    return [
      sideLabel(side),
      range(
        perRep((f) => f.tree.peakMb),
        mb,
      ),
      side.tool === "tofu"
        ? `tofu ${range(
            perRep((f) => f.tree.byName.tofu),
            mb,
          )} · provider ${range(
            perRep((f) => f.tree.byName["terraform-provi"]),
            mb,
          )}`
        : `${range(
            perRep((f) => f.roles?.programMb),
            mb,
          )} · ${range(
            perRep((f) => f.roles?.providerMb),
            mb,
          )} · ${range(
            perRep((f) => f.roles?.engineMb),
            mb,
          )}`,
      cpu.join(" · "),
    ];
  });
  const loadRows = p.reps.map((rep, i) => [
    String(i + 1),
    rep.order
      .map((k) => {
        const run = rep.runs[k];
        const side = p.sides.find((s) => sideKey(s) === k);
        return run && side ? `${sideLabel(side)} ${run.load[0]}→${run.load[1]}` : `${k} (not run)`;
      })
      .join("; "),
  ]);
  const baseName = r.suite === "opentofu" ? "OpenTofu's" : "the JavaScript program's";
  return [
    `### ${describeSameEstate(p.numbers)}`,
    "",
    `Wall time, the range over ${p.reps.length} repetition${p.reps.length === 1 ? "" : "s"} (in bold: each repetition's time over ${baseName} in the same repetition):`,
    "",
    ...table(["side", ...p.ops.map((op) => OP_LABEL[op])], timeRows),
    "",
    "Requests the emulator answered:",
    "",
    ...table(["side", ...p.ops.map((op) => OP_LABEL[op])], reqRows),
    "",
    `Memory and CPU: the most every process of the side held at once (largest sum of their resident memory over the operations), the peak of each process (OpenTofu: \`tofu\` · the provider; Pulumi: program · provider · engine), and CPU seconds of all of them per operation (${p.ops.map((op) => OP_LABEL[op]).join(" · ")}):`,
    "",
    ...table(["side", "process tree", "each process", "CPU"], memRows),
    "",
    "Load average (1 min) before → after each side, in the order they ran:",
    "",
    ...table(["repetition", "sides"], loadRows),
    "",
  ];
}

const CAUGHT: Record<TypeErrorRun["caught"], string> = {
  program: "the type-check, before the program declared anything",
  provider: "the provider's check, at `preview`",
  none: "**nothing**: the preview passed",
};

function typeErrorSection(runs: readonly TypeErrorRun[]): string[] {
  return [
    "### Where a type error surfaces",
    "",
    "bench/same-estate/program-ts with one mistake put in, `pulumi preview` of 20 numbers:",
    "",
    ...table(
      ["mistake", "provider", "program", "caught by", "first line"],
      runs.map((t) => [
        t.mistake,
        t.provider === "native" ? "native plugin" : "dynamic resources",
        t.program === "ts" ? "type-checked" : "transpile-only",
        CAUGHT[t.caught],
        t.message ? `\`${t.message.replace(/`/g, "'")}\`` : "",
      ]),
    ),
    "",
  ];
}

export function renderSameEstate(r: SameEstateResults): string {
  const m = r.machine;
  const tofu =
    "skipped" in r.tofu
      ? `OpenTofu: **skipped** (${r.tofu.skipped})`
      : `OpenTofu ${r.tofu.version} with mastercard/restapi ${r.tofu.restapi} (\`-parallelism=${r.parallel}\`)`;
  return [
    `Command: \`${r.command}\` · ${r.startedAt} · took ${Math.floor(r.durationS / 60)} min ${r.durationS % 60} s${r.complete ? "" : " · **stopped early**"}`,
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}; load average (1 min) ${m.loadAverageAtStart} at start, ${r.load.min}–${r.load.max} during the run (mean ${r.load.mean}). Node ${m.node}; ${Object.entries(
      m.versions,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ", ",
      )}. ${tofu}; Pulumi \`--parallel ${r.parallel}\`, file backend. One emulator per side and repetition, in-process over loopback HTTP, seeded alike, rate limit out of the way.`,
    "",
    ...r.points.flatMap((p) => pointSection(r, p)),
    ...(r.typeErrors ? typeErrorSection(r.typeErrors) : []),
  ].join("\n");
}
