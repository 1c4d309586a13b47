// `npm run bench -- --fleet`: the fleet command over 100 organizations of the emulator (one stack each: a
// configuration, 10 bridges holding 1,000 numbers as BridgeNumbers sets, 2 trunks; 100,000 numbers in
// all), created once with `fleet up`, then a bridge renamed by hand in one organization, and timed: a
// fleet drift check and a fleet no-op preview, each with the peak memory of the whole run (the fleet and
// every process under it), the requests made and the floor the platform's rate sets on them; then the
// same drift check over 10 of the stacks (a tenth), to show the memory follows the parallelism, not the fleet's size;
// and the engine's floor on as many stacks: no-op previews of a program declaring nothing and of one configuration.
// The emulator's rate limit is raised for the run (RATE): at the platform's 600 a minute the requests alone
// would take the floor's time, which the table gives.
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FleetReport } from "../../cli/fleet/fleet-report";
import { fleetHandle } from "../../emulator";
import { repoRoot } from "../../scripts/tools/engine";
import { VoiceClient } from "../../sdk";
import { startEmulatorProcess } from "../harness/emulator-process";
import { describeMachine } from "../harness/machine";
import { int, progress, round } from "../harness/stats";
import { ESTATE, type EstateShape, fleetEstate } from "./estate";
import { sampleTreeMemory, TREE_MEMORY_METHOD } from "./memory";

/** The emulator's limit for the run, per minute: raised so the engine, not the limit, is measured. */
const RATE = 1_000_000;
/** The platform's limit per token, per minute: what the floor is computed at. */
const PLATFORM_RATE = 600;
/** The target of each timed run on 2 cores. */
const TARGET_S = 300;
/** The organization changed by hand, and how. */
const CHANGED = 42;

/** One timed fleet run. */
export interface FleetFigures {
  label: string;
  operation: string;
  stacks: number;
  parallel: number;
  seconds: number;
  peakMb: number;
  peakProcesses: number;
  requests: number;
  throttled: number;
  /** The median and the longest of the stacks' own times, in seconds. */
  medianStackSeconds: number;
  slowestStackSeconds: number;
  /** Seconds the requests take at the platform's rate alone. */
  floorSeconds: number;
  exitCode: number | null;
  failed: number;
  /** The stacks with something found, each with its changed resources and properties. */
  found: { id: string; changes: string[] }[];
}

/** Runs `pulumi-voice-platform fleet <args>` in the estate and measures it. */
export async function fleetRun(
  label: string,
  args: string[],
  estate: { dir: string; env: NodeJS.ProcessEnv },
  parallel: number,
): Promise<FleetFigures> {
  const logs = `logs-${label.replace(/\W+/g, "-")}`;
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, "dist", "cli", "main.js"),
      "fleet",
      ...args,
      "--parallel",
      String(parallel),
      "--logs",
      logs,
      "--progress-every",
      "30",
    ],
    { cwd: estate.dir, env: estate.env, stdio: ["ignore", "ignore", "inherit"] },
  );
  const memory = sampleTreeMemory(child.pid ?? 0);
  const exitCode = await new Promise<number | null>((resolve) => child.once("close", resolve));
  const seconds = (Date.now() - started) / 1000;
  const { peakMb, peakProcesses } = memory.stop();
  const report = JSON.parse(
    await readFile(path.join(estate.dir, logs, "report.json"), "utf8"),
  ) as FleetReport;
  const requests = report.stacks.reduce((n, s) => n + (s.requests ?? 0), 0);
  const times = report.stacks.map((s) => (s.durationMs ?? 0) / 1000).sort((a, b) => a - b);
  return {
    label,
    operation: report.operation,
    stacks: report.stacks.length,
    parallel,
    seconds: round(seconds, 1),
    peakMb: Math.round(peakMb),
    peakProcesses,
    requests,
    throttled: report.stacks.reduce((n, s) => n + (s.throttled ?? 0), 0),
    medianStackSeconds: round(times[Math.floor(times.length / 2)] ?? 0, 1),
    slowestStackSeconds: round(times.at(-1) ?? 0, 1),
    floorSeconds: round((requests / PLATFORM_RATE) * 60, 1),
    exitCode,
    failed: report.stacks.filter((s) => s.status === "failed").length,
    found: report.stacks
      .filter((s) => s.status === "changes")
      .map((s) => ({
        id: s.id,
        changes: s.changes.map((c) => `${c.resource}${c.property ? ` \`${c.property}\`` : ""}`),
      })),
  };
}

/**
 * The programs the estate can be declared in: the JavaScript one users of the npm package write (on its
 * dynamic provider), the same on the native provider, and Go (on the native provider).
 */
export const FLEET_PROGRAMS = {
  javascript: { name: "a JavaScript program, dynamic provider", shape: ESTATE, results: "fleet" },
  native: {
    name: "a JavaScript program, native provider",
    shape: { ...ESTATE, project: "voice-fleet-native", native: true },
    results: "fleet-native",
  },
  go: {
    name: "a Go program, native provider",
    shape: { ...ESTATE, program: "program-go", project: "voice-fleet-go", native: true },
    results: "fleet-go",
  },
} as const;

/**
 * Runs the fleet benchmark; writes bench/results/<fleet|fleet-native|fleet-go>.json and .md (quick: 10 organizations of
 * 100 numbers, to .tmp files). The JavaScript program's run also measures the engine's floor.
 */
export async function runFleetBench(options: {
  quick: boolean;
  parallel: number;
  program: keyof typeof FLEET_PROGRAMS;
}): Promise<string> {
  const { shape, results } = FLEET_PROGRAMS[options.program];
  const organizations = options.quick ? 10 : 100;
  const numbersPerOrganization = options.quick ? 100 : 1_000;
  const emulator = await startEmulatorProcess(RATE, [
    "--organizations",
    String(organizations),
    "--numbers-per-organization",
    String(numbersPerOrganization),
  ]);
  progress(`fleet: emulator with ${organizations} organizations of ${numbersPerOrganization} numbers`);
  const estate = await fleetEstate(
    { organizations, numbersPerOrganization, baseUrl: emulator.url, token: emulator.token },
    shape,
  );
  const where = { dir: estate.dir.path, env: estate.env };
  try {
    progress(`fleet: ${estate.stacks.length} stacks made; creating them (fleet up)`);
    const create = await fleetRun("create (up)", ["up"], where, options.parallel);
    const changed = fleetHandle(Math.min(CHANGED, organizations));
    const client = new VoiceClient({ baseUrl: emulator.url, token: emulator.token, orgHandle: changed });
    await client.bridges.update(`${changed}-line-3`, { name: "Renamed in the dashboard" });
    progress(`fleet: renamed ${changed}-line-3 by hand; drift check`);
    const drift = await fleetRun("drift", ["drift"], where, options.parallel);
    progress("fleet: no-op preview");
    const preview = await fleetRun("no-op preview", ["preview"], where, options.parallel);
    // Enough stacks to keep every lane busy: a tenth of the full fleet, twice the lanes of a quick one.
    const few = Math.min(organizations, Math.max(2 * options.parallel, organizations / 10));
    const some = estate.stacks.slice(0, few).flatMap((s) => ["--stack", s]);
    progress(`fleet: drift check of ${few} stacks, for memory`);
    const small = await fleetRun(`drift, ${few} stacks`, ["drift", ...some], where, options.parallel);
    const floor = options.program === "javascript" ? await engineFloor(organizations, options.parallel) : [];
    const runs = [create, drift, preview, small, ...floor];
    const result = {
      date: new Date().toISOString(),
      machine: await describeMachine(),
      program: options.program,
      organizations,
      numbersPerOrganization,
      resourcesPerStack: estate.resourcesPerStack,
      emulatorRatePerMinute: RATE,
      platformRatePerMinute: PLATFORM_RATE,
      memoryMethod: TREE_MEMORY_METHOD,
      changedByHand: `${changed}-line-3 name`,
      runs,
    };
    const md = render(result);
    const dir = path.join(repoRoot, "bench", "results");
    await mkdir(dir, { recursive: true });
    const base = path.join(dir, options.quick ? `${results}-quick` : results);
    await writeFile(`${base}.json${options.quick ? ".tmp" : ""}`, `${JSON.stringify(result, null, 2)}\n`);
    await writeFile(`${base}.md${options.quick ? ".tmp" : ""}`, md);
    return md;
  } finally {
    await estate.dir.remove();
    await emulator.close();
  }
}

/** The engine's floor on the same number of stacks: programs that declare nothing, and one configuration. */
const FLOORS: { label: string; shape: EstateShape }[] = [
  {
    label: "floor: no-op preview, empty program",
    shape: { program: "program-empty", project: "voice-fleet-empty", bridges: 0, trunks: 0 },
  },
  {
    label: "floor: no-op preview, one configuration",
    shape: { program: "program", project: "voice-fleet-one", bridges: 0, trunks: 0 },
  },
];

/**
 * No-op previews of the floors' stacks through the fleet, each floor created first (`fleet up`);
 * against an emulator of their own, where the estate's configurations do not hold the accounts.
 */
async function engineFloor(organizations: number, parallel: number): Promise<FleetFigures[]> {
  const numbersPerOrganization = 10;
  const emulator = await startEmulatorProcess(RATE, [
    "--organizations",
    String(organizations),
    "--numbers-per-organization",
    String(numbersPerOrganization),
  ]);
  const options = { organizations, numbersPerOrganization, baseUrl: emulator.url, token: emulator.token };
  const runs: FleetFigures[] = [];
  try {
    for (const floor of FLOORS) {
      const estate = await fleetEstate(options, floor.shape);
      const where = { dir: estate.dir.path, env: estate.env };
      try {
        progress(`fleet: ${floor.label} (${estate.stacks.length} stacks)`);
        await fleetRun(`${floor.label}: create`, ["up"], where, parallel);
        runs.push(await fleetRun(floor.label, ["preview"], where, parallel));
      } finally {
        await estate.dir.remove();
      }
    }
  } finally {
    await emulator.close();
  }
  return runs;
}

function render(r: {
  program: string;
  organizations: number;
  numbersPerOrganization: number;
  resourcesPerStack: number;
  machine: unknown;
  changedByHand: string;
  memoryMethod: string;
  runs: FleetFigures[];
}): string {
  const [, drift, preview, small] = r.runs as [FleetFigures, FleetFigures, FleetFigures, FleetFigures];
  const [empty, one] = r.runs.slice(4);
  const row = (f: FleetFigures) =>
    `| ${f.label} | ${f.stacks} | ${f.parallel} | ${f.seconds} s${f.operation === "up" ? "" : f.seconds <= TARGET_S ? " ✓" : " ✗"} | ${int(f.peakMb)} MB (${f.peakProcesses} processes) | ${int(f.requests)}${f.throttled ? ` (${f.throttled} × 429)` : ""} | ${f.floorSeconds.toLocaleString("en-US")} s | ${f.exitCode} | ${f.failed} |`;
  return [
    `### Fleet: many organizations (${FLEET_PROGRAMS[r.program as keyof typeof FLEET_PROGRAMS].name})`,
    "",
    `${r.organizations} organizations, one stack each: a configuration, 10 bridges holding ${int(r.numbersPerOrganization)} numbers as BridgeNumbers sets, 2 trunks (${r.resourcesPerStack} resources a stack, ${int(r.organizations * r.numbersPerOrganization)} numbers in all). Emulator rate limit raised to ${int(RATE)}/min; the floor is the requests at the platform's ${PLATFORM_RATE}/min. Target: each check ≤ ${TARGET_S / 60} min on 2 cores. Memory: ${r.memoryMethod}.`,
    "",
    "| Run | Stacks | --parallel | Time | Peak memory, whole run | Requests | Floor at 600/min | Exit | Failed |",
    "|---|---|---|---|---|---|---|---|---|",
    ...r.runs.map(row),
    "",
    `Changed by hand: ${r.changedByHand}. The drift check found ${drift.found.map((f) => `\`${f.id}\`: ${f.changes.join(", ")}`).join("; ") || "nothing"}; the no-op preview found ${preview.found.length} stacks with changes.`,
    `Memory against the fleet's size at --parallel ${drift.parallel}: ${drift.stacks} stacks ${int(drift.peakMb)} MB, ${small.stacks} stacks ${int(small.peakMb)} MB (ratio ${round(drift.peakMb / Math.max(1, small.peakMb), 2)}).`,
    ...(empty && one
      ? [
          `Engine floor, the same ${empty.stacks} stacks through the fleet: a program declaring nothing ${empty.seconds} s, one configuration ${one.seconds} s; the estate's no-op preview is ${round(preview.seconds / empty.seconds, 2)} × the first and ${round(preview.seconds / one.seconds, 2)} × the second.`,
        ]
      : []),
    "",
  ].join("\n");
}
