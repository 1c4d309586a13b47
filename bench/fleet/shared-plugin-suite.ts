// `npm run bench -- --fleet-shared-plugin`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { type BenchSuite, count, given } from "../harness/suite";
import { runSharedPluginBench } from "./shared-plugin";

/** The fleet's no-op preview with a plugin per stack and with one per lane, alternating. */
export const fleetSharedPluginSuite: BenchSuite = {
  flag: "fleet-shared-plugin",
  usage:
    "the fleet's no-op preview on the native provider with a plugin per stack (--plugin-per-stack) and with the default shared plugin, alternating, 3 runs each, 20 organizations (bench/fleet/shared-plugin.ts): wall, CPU-s, peak memory, requests, to bench/results/fleet-shared-plugin.*",
  options: {
    quick: { type: "boolean", help: "10 organizations, results not kept" },
    "fleet-parallel": { type: "string", value: "K", help: "the fleet's --parallel (default 2)" },
  },
  async run(values) {
    const parallel = count(values, "fleet-parallel", 2);
    process.stdout.write(
      await runSharedPluginBench({ quick: given(values, "quick"), parallel, repetitions: 3 }),
    );
  },
};
