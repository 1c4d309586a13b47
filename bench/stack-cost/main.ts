// `npm run bench -- --stack-cost`: what one stack's operation costs, process by process. One
// organization's fleet estate (bench/fleet/estate.ts: a configuration, 10 bridges holding 1,000 numbers
// as BridgeNumbers sets of 100, 2 trunks; the JavaScript program on the native plugin), created once
// with `pulumi up`, then K times each a no-op `pulumi preview` and a drift check (`pulumi refresh
// --preview-only`), each under every lever in turn (rotated, so none always runs first): the CPU
// seconds and peak memory of the pulumi CLI, the language host, the program's Node.js and the plugin
// (process-classes.ts). The levers: the environment users get (no NODE_COMPILE_CACHE), and Node's
// compile cache in a folder kept across runs (warmed by one untimed run each). Each run is filed under
// a build label (`--stack-cost-label`), so the figures of two builds (before and after a code change)
// sit side by side in bench/results/stack-cost.{json,md}.
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { repoRoot } from "../../scripts/tools/engine";
import { fleetEstate } from "../fleet/estate";
import { FLEET_PROGRAMS } from "../fleet/programs";
import { startOrganizationsEmulator } from "../harness/emulator-process";
import { describeMachine, type Machine } from "../harness/machine";
import { rotated } from "../harness/seeded-emulator";
import { median, progress, round } from "../harness/stats";
import {
  type ClassUsage,
  PROCESS_CLASSES,
  type ProcessClass,
  reapedChildrenCpuS,
  watchClasses,
} from "./process-classes";

/** The emulator's limit, per minute: out of the way. */
const RATE = 1_000_000;
const NUMBERS = 1_000;
const OPERATIONS = {
  "no-op preview": ["preview", "--non-interactive", "--expect-no-changes"],
  "drift check": ["refresh", "--preview-only", "--non-interactive"],
} as const;
type Operation = keyof typeof OPERATIONS;
const LEVERS = ["baseline", "NODE_COMPILE_CACHE"] as const;
type Lever = (typeof LEVERS)[number];

/** One operation under one lever. */
export interface StackCostRun {
  build: string;
  operation: Operation;
  lever: Lever;
  rep: number;
  /** Exact CPU seconds of every process the operation started (this process's reaped children). */
  totalCpuS: number;
  byClass: Record<ProcessClass, ClassUsage>;
}

export interface StackCostResults {
  machine: Machine;
  method: string;
  /** Per build label: when it ran, the repetitions and the load then. */
  builds: Record<string, { date: string; reps: number; loadAverage: number }>;
  runs: StackCostRun[];
}

const RESULTS = path.join(repoRoot, "bench", "results");
const RESULT_FILES = { json: path.join(RESULTS, "stack-cost.json"), md: path.join(RESULTS, "stack-cost.md") };
const METHOD =
  "/proc of the operation's processes sampled every 20 ms: CPU = utime + stime at a process's last sample, peak = its VmHWM; the total is exact (the bench's reaped children's times), the gap to the classes' sum is what ended between samples";

/** Runs the suite for the current build under `build`; merges into bench/results/stack-cost.json and renders the md. */
export async function runStackCost(options: { reps: number; build: string }): Promise<string> {
  const emulator = await startOrganizationsEmulator(RATE, 1, NUMBERS);
  const estate = await fleetEstate(
    { organizations: 1, numbersPerOrganization: NUMBERS, baseUrl: emulator.url, token: emulator.token },
    FLEET_PROGRAMS.native.shape,
  );
  const [stack] = estate.stacks as [string];
  const cache = path.join(estate.dir.path, ".node-compile-cache");
  const envOf = (lever: Lever): NodeJS.ProcessEnv => {
    const { NODE_COMPILE_CACHE: _, ...env } = estate.env;
    return lever === "baseline" ? env : { ...env, NODE_COMPILE_CACHE: cache };
  };
  const pulumi = async (args: readonly string[], lever: Lever, rep: number, op?: Operation) => {
    const before = reapedChildrenCpuS();
    const watch = watchClasses([emulator.pid]);
    const child = spawn("pulumi", [...args, "--stack", stack], {
      cwd: estate.dir.path,
      env: envOf(lever),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    const byClass = watch.stop();
    if (code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${code}: ${stderr.slice(-2000)}`);
    const totalCpuS = round(reapedChildrenCpuS() - before, 2);
    return op && { build: options.build, operation: op, lever, rep, totalCpuS, byClass };
  };
  const runs: StackCostRun[] = [];
  try {
    progress(`stack-cost: up of one organization's stack (${estate.resourcesPerStack} resources)`);
    await pulumi(["up", "--yes", "--skip-preview", "--non-interactive"], "baseline", 0);
    for (const op of Object.keys(OPERATIONS) as Operation[])
      for (const lever of LEVERS) await pulumi(OPERATIONS[op], lever, 0);
    for (let rep = 1; rep <= options.reps; rep++)
      for (const op of Object.keys(OPERATIONS) as Operation[])
        for (const lever of rotated(LEVERS, rep)) {
          const run = await pulumi(OPERATIONS[op], lever, rep, op);
          if (run) runs.push(run);
          progress(`stack-cost: ${op}, ${lever}, ${rep}/${options.reps}: ${run?.totalCpuS} CPU-s`);
        }
  } finally {
    await estate.dir.remove();
    await emulator.close();
  }
  const machine = await describeMachine();
  const previous = await readFile(RESULT_FILES.json, "utf8").then(
    (t) => JSON.parse(t) as StackCostResults,
    () => undefined,
  );
  const results: StackCostResults = {
    machine,
    method: METHOD,
    builds: {
      ...previous?.builds,
      [options.build]: {
        date: new Date().toISOString(),
        reps: options.reps,
        loadAverage: machine.loadAverageAtStart,
      },
    },
    runs: [...(previous?.runs.filter((r) => r.build !== options.build) ?? []), ...runs],
  };
  await mkdir(RESULTS, { recursive: true });
  await writeFile(RESULT_FILES.json, `${JSON.stringify(results, null, 2)}\n`);
  const md = renderStackCost(results);
  await writeFile(RESULT_FILES.md, md);
  return md;
}

/** `median (min–max)` of a figure. */
const spread = (values: readonly number[], digits: number): string =>
  values.length === 0
    ? "–"
    : `${round(median(values), digits)} (${round(Math.min(...values), digits)}–${round(Math.max(...values), digits)})`;

/** The markdown: per operation, a row per process class, a column per build and lever. */
export function renderStackCost(r: StackCostResults): string {
  const columns = Object.keys(r.builds).flatMap((build) => LEVERS.map((lever) => ({ build, lever })));
  const head = `| Process | ${columns.map((c) => `${c.build}, ${c.lever}`).join(" | ")} |`;
  const rule = `|---|${columns.map(() => "---").join("|")}|`;
  const runsOf = (op: Operation, c: { build: string; lever: Lever }) =>
    r.runs.filter((x) => x.operation === op && x.build === c.build && x.lever === c.lever);
  const sections = (Object.keys(OPERATIONS) as Operation[]).map((op) => {
    // A class none of the runs saw use memory (the instants between a fork and its exec) has no row.
    const classes = PROCESS_CLASSES.filter((cls) => r.runs.some((x) => x.byClass[cls].peakMb > 0));
    const cell = (c: { build: string; lever: Lever }, f: (x: StackCostRun) => number, digits: number) =>
      spread(runsOf(op, c).map(f), digits);
    return [
      `#### ${op}: \`pulumi ${OPERATIONS[op].join(" ")}\``,
      "",
      head,
      rule,
      ...classes.map(
        (cls) =>
          `| ${cls}: CPU-s | ${columns.map((c) => cell(c, (x) => x.byClass[cls].cpuS, 2)).join(" | ")} |`,
      ),
      `| all processes: CPU-s (exact) | ${columns.map((c) => cell(c, (x) => x.totalCpuS, 2)).join(" | ")} |`,
      ...classes.map(
        (cls) =>
          `| ${cls}: peak RSS, MB | ${columns.map((c) => cell(c, (x) => x.byClass[cls].peakMb, 0)).join(" | ")} |`,
      ),
      "",
    ].join("\n");
  });
  return [
    "### One stack's cost, process by process",
    "",
    `One organization's fleet estate (a configuration, 10 bridges holding ${NUMBERS.toLocaleString("en-US")} numbers as BridgeNumbers sets, 2 trunks; the JavaScript program on the native plugin) after its \`up\`. Median (min–max) of the repetitions. Method: ${r.method}. Levers alternate within a run; builds: ${Object.entries(
      r.builds,
    )
      .map(([b, x]) => `${b} (${x.date}, ${x.reps} repetitions, load ${x.loadAverage})`)
      .join("; ")}.`,
    "",
    ...sections,
  ].join("\n");
}
