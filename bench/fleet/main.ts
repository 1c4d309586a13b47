// `npm run bench -- --fleet`: the fleet command over 100 organizations of the emulator (one stack each: a
// configuration, 10 bridges holding 1,000 numbers as BridgeNumbers sets, 2 trunks; 100,000 numbers in
// all), created once with `fleet up`, then a bridge renamed by hand in one organization, and timed: a
// fleet drift check and a fleet no-op preview, each with the peak memory of the whole run (the fleet and
// every process under it), the requests made and the floor the platform's rate sets on them; then the
// same drift check over 10 of the stacks (a tenth), to show the memory follows the parallelism, not the fleet's size;
// and the engine's floor on as many stacks: no-op previews of a program declaring nothing and of one configuration.
// Every run has a plugin per stack (`fleet … --plugin-per-stack`, as the figures before the shared plugin
// was the fleet's default). With --shared-plugin (native program only) the drift check and no-op preview
// run again with the fleet's default (one plugin per lane), each right after the plugin-per-stack run it
// repeats.
// The emulator's rate limit is raised for the run (RATE): at the platform's 600 a minute the requests alone
// would take the floor's time, which the table gives.
import { fleetHandle } from "../../emulator";
import { VoiceClient } from "../../sdk";
import { startOrganizationsEmulator } from "../harness/emulator-process";
import { describeMachine } from "../harness/machine";
import { writeResults } from "../harness/results-file";
import { progress } from "../harness/stats";
import { BenchUsageError } from "../harness/suite";
import { type EstateShape, fleetEstate } from "./estate";
import { type FleetFigures, fleetRun, PLATFORM_RATE } from "./fleet-run";
import { TREE_MEMORY_METHOD } from "./memory";
import { FLEET_PROGRAMS, type FleetProgram } from "./programs";
import { type FleetResult, renderFleet, sharedLabel } from "./render";

/** The emulator's limit for the run, per minute: raised so the engine, not the limit, is measured. */
const RATE = 1_000_000;
/** The fleet's option for a plugin per stack: what every run but the shared plugin's measures. */
const PER_STACK = "--plugin-per-stack";
/** The organization changed by hand, and how. */
const CHANGED = 42;

/**
 * Runs the fleet benchmark; writes bench/results/<fleet|fleet-native|fleet-go>.json and .md (quick: 10 organizations of
 * 100 numbers, to .tmp files). The JavaScript program's run also measures the engine's floor.
 */
export async function runFleetBench(options: {
  quick: boolean;
  parallel: number;
  program: FleetProgram;
  /** Also the drift check and no-op preview with the fleet's default shared plugin (native program only). */
  sharedPlugin?: boolean;
}): Promise<string> {
  if (options.sharedPlugin && options.program !== "native")
    throw new BenchUsageError(
      `--shared-plugin runs with --fleet-program native only; got ${options.program}`,
    );
  const { shape, results } = FLEET_PROGRAMS[options.program];
  // Described before the run, so its load average is the one at the start.
  const machine = await describeMachine();
  const organizations = options.quick ? 10 : 100;
  const numbersPerOrganization = options.quick ? 100 : 1_000;
  const emulator = await startOrganizationsEmulator(RATE, organizations, numbersPerOrganization);
  progress(`fleet: emulator with ${organizations} organizations of ${numbersPerOrganization} numbers`);
  const estate = await fleetEstate(
    { organizations, numbersPerOrganization, baseUrl: emulator.url, token: emulator.token },
    shape,
  );
  const where = { dir: estate.dir.path, env: estate.env };
  try {
    progress(`fleet: ${estate.stacks.length} stacks made; creating them (fleet up)`);
    const create = await fleetRun("create (up)", ["up", PER_STACK], where, options.parallel);
    const changed = fleetHandle(Math.min(CHANGED, organizations));
    const client = new VoiceClient({ baseUrl: emulator.url, token: emulator.token, orgHandle: changed });
    await client.bridges.update(`${changed}-line-3`, { name: "Renamed in the dashboard" });
    progress(`fleet: renamed ${changed}-line-3 by hand; drift check`);
    const sharedPlugin: FleetFigures[] = [];
    // Each run, then (when asked) the same with one plugin per lane, back to back on the same estate.
    const timedRun = async (label: string, operation: string): Promise<FleetFigures> => {
      const figures = await fleetRun(label, [operation, PER_STACK], where, options.parallel);
      if (options.sharedPlugin) {
        progress(`fleet: ${label} with the shared plugin`);
        sharedPlugin.push(await fleetRun(sharedLabel(label), [operation], where, options.parallel));
      }
      return figures;
    };
    const drift = await timedRun("drift", "drift");
    progress("fleet: no-op preview");
    const preview = await timedRun("no-op preview", "preview");
    // Enough stacks to keep every lane busy: a tenth of the full fleet, twice the lanes of a quick one.
    const few = Math.min(organizations, Math.max(2 * options.parallel, organizations / 10));
    const some = estate.stacks.slice(0, few).flatMap((s) => ["--stack", s]);
    progress(`fleet: drift check of ${few} stacks, for memory`);
    const small = await fleetRun(
      `drift, ${few} stacks`,
      ["drift", PER_STACK, ...some],
      where,
      options.parallel,
    );
    const floor = options.program === "javascript" ? await engineFloor(organizations, options.parallel) : [];
    const runs = [create, drift, preview, small, ...floor];
    const result: FleetResult = {
      date: new Date().toISOString(),
      machine,
      program: options.program,
      organizations,
      numbersPerOrganization,
      resourcesPerStack: estate.resourcesPerStack,
      emulatorRatePerMinute: RATE,
      platformRatePerMinute: PLATFORM_RATE,
      memoryMethod: TREE_MEMORY_METHOD,
      changedByHand: `${changed}-line-3 name`,
      runs,
      ...(options.sharedPlugin ? { sharedPlugin } : {}),
    };
    const md = renderFleet(result);
    await writeResults(results, result, md, options.quick);
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
  const emulator = await startOrganizationsEmulator(RATE, organizations, numbersPerOrganization);
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
