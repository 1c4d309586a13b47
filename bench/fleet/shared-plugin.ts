// `npm run bench -- --fleet-shared-plugin`: the fleet's no-op preview on the native provider with a
// plugin per stack (`--plugin-per-stack`: each engine starts its own) and with the fleet's default (one
// per lane, the engines attach to it), alternating, each several times, over the same estate created once with `fleet up`:
// wall time, CPU seconds of the whole process tree (the children's user + system time the bench
// process collects as the fleet, its workers, engines and plugins end), peak memory and requests.
import { readFile } from "node:fs/promises";
import os from "node:os";
import { startOrganizationsEmulator } from "../harness/emulator-process";
import { describeMachine } from "../harness/machine";
import { writeResults } from "../harness/results-file";
import { int, progress, round } from "../harness/stats";
import { ESTATE, fleetEstate } from "./estate";
import { fleetRun } from "./fleet-run";
import { TREE_MEMORY_METHOD } from "./memory";

/** The emulator's limit per minute: raised so the engine, not the limit, is measured. */
const RATE = 1_000_000;
/** The clock ticks of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

/** CPU seconds (user + system) of this process's ended, waited-for descendants. */
async function childrenCpuSeconds(): Promise<number> {
  const stat = await readFile("/proc/self/stat", "utf8");
  // Fields after the command's closing parenthesis; cutime and cstime are the 16th and 17th of the line.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_S;
}

/** One preview's figures. */
interface Row {
  mode: "plugin per stack" | "shared plugin";
  seconds: number;
  cpuSeconds: number;
  peakMb: number;
  peakProcesses: number;
  requests: number;
  exitCode: number | null;
  failed: number;
}

/** Runs the comparison; writes bench/results/fleet-shared-plugin.json and .md (quick: .tmp files). */
export async function runSharedPluginBench(options: {
  quick: boolean;
  parallel: number;
  repetitions: number;
}): Promise<string> {
  // Described before the run, so its load average is the one at the start.
  const machine = await describeMachine();
  const organizations = options.quick ? 10 : 20;
  const numbersPerOrganization = 100;
  const emulator = await startOrganizationsEmulator(RATE, organizations, numbersPerOrganization);
  const shape = { ...ESTATE, project: "voice-fleet-shared", native: true };
  const estate = await fleetEstate(
    { organizations, numbersPerOrganization, baseUrl: emulator.url, token: emulator.token },
    shape,
  );
  const where = { dir: estate.dir.path, env: estate.env };
  const rows: Row[] = [];
  const loads: number[][] = [];
  try {
    progress(`shared plugin: creating ${estate.stacks.length} stacks (fleet up)`);
    await fleetRun("create", ["up"], where, options.parallel);
    for (let k = 0; k < options.repetitions; k++) {
      for (const shared of k % 2 === 0 ? [false, true] : [true, false]) {
        const mode = shared ? "shared plugin" : "plugin per stack";
        loads.push(os.loadavg());
        const before = await childrenCpuSeconds();
        const args = shared ? ["preview"] : ["preview", "--plugin-per-stack"];
        const f = await fleetRun(`${mode} ${k + 1}`, args, where, options.parallel);
        const cpuSeconds = round((await childrenCpuSeconds()) - before, 1);
        progress(`shared plugin: ${mode} ${k + 1}: ${f.seconds} s, ${cpuSeconds} CPU-s, ${f.peakMb} MB`);
        rows.push({
          mode,
          seconds: f.seconds,
          cpuSeconds,
          peakMb: f.peakMb,
          peakProcesses: f.peakProcesses,
          requests: f.requests,
          exitCode: f.exitCode,
          failed: f.failed,
        });
      }
    }
    const result = {
      date: new Date().toISOString(),
      machine,
      organizations,
      numbersPerOrganization,
      resourcesPerStack: estate.resourcesPerStack,
      parallel: options.parallel,
      memoryMethod: TREE_MEMORY_METHOD,
      loadAverages: loads.map((l) => l.map((x) => round(x, 1))),
      rows,
    };
    const md = render(result);
    await writeResults("fleet-shared-plugin", result, md, options.quick);
    return md;
  } finally {
    await estate.dir.remove();
    await emulator.close();
  }
}

function render(r: {
  organizations: number;
  numbersPerOrganization: number;
  resourcesPerStack: number;
  parallel: number;
  memoryMethod: string;
  loadAverages: number[][];
  rows: Row[];
}): string {
  const range = (xs: number[]) => `${Math.min(...xs)}–${Math.max(...xs)}`;
  const modes = ["plugin per stack", "shared plugin"] as const;
  return [
    "### Fleet no-op preview: a plugin per stack (`--plugin-per-stack`) or one per lane (the default)",
    "",
    `${r.organizations} organizations, one stack each on the native provider (${r.resourcesPerStack} resources, ${r.numbersPerOrganization} numbers), --parallel ${r.parallel}, the two modes alternating. CPU: user + system seconds of the whole process tree. Memory: ${r.memoryMethod}. Load averages (1 min) at each run's start: ${r.loadAverages.map((l) => l[0]).join(", ")}.`,
    "",
    "| Mode | Runs | Wall | CPU-s | Peak memory | Requests | Failed |",
    "|---|---|---|---|---|---|---|",
    ...modes.map((mode) => {
      const rows = r.rows.filter((x) => x.mode === mode);
      return `| ${mode} | ${rows.length} | ${range(rows.map((x) => x.seconds))} s | ${range(rows.map((x) => x.cpuSeconds))} | ${range(rows.map((x) => x.peakMb))} MB | ${range(rows.map((x) => x.requests))} | ${int(Math.max(...rows.map((x) => x.failed)))} |`;
    }),
    "",
  ].join("\n");
}
