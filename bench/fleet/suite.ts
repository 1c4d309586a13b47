// `npm run bench -- --fleet`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { type BenchSuite, count, given, oneOf } from "../harness/suite";
import { runFleetBench } from "./main";
import { FLEET_PROGRAMS, type FleetProgram } from "./programs";

const PROGRAMS = Object.keys(FLEET_PROGRAMS) as FleetProgram[];

/** The fleet command over 100 organizations. */
export const fleetSuite: BenchSuite = {
  flag: "fleet",
  usage:
    "the fleet command over 100 organizations (bench/fleet/main.ts): drift and no-op preview times, memory, requests, to bench/results/fleet.*",
  options: {
    quick: { type: "boolean", help: "10 organizations of 100 numbers, results not kept" },
    "fleet-parallel": { type: "string", value: "K", help: "the fleet's --parallel (default 4)" },
    "fleet-program": {
      type: "string",
      value: PROGRAMS.join("|"),
      help: "the same estate from the JavaScript program on the native provider, or from a Go program (bench/fleet/program-go), to bench/results/fleet-native.*, fleet-go.* (default javascript)",
    },
    "shared-plugin": {
      type: "boolean",
      help: "with --fleet-program native: the drift check and no-op preview also with the fleet's default shared plugin (one plugin per lane; every other run passes --plugin-per-stack), each right after the plugin-per-stack run, as rows beside it",
    },
  },
  async run(values) {
    const program = oneOf(values, "fleet-program", PROGRAMS, "javascript");
    const parallel = count(values, "fleet-parallel", 4);
    const sharedPlugin = given(values, "shared-plugin");
    process.stdout.write(
      await runFleetBench({ quick: given(values, "quick"), parallel, program, sharedPlugin }),
    );
  },
};
