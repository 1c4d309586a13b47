// `npm run bench -- --emulator`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { runStandaloneMode } from "../harness/standalone-mode";
import { type BenchSuite, given } from "../harness/suite";
import { renderEmulatorScale, runEmulatorScale } from "./scale";

/** The emulator at 1,000 and 10,000 numbers. */
export const emulatorSuite: BenchSuite = {
  flag: "emulator",
  usage: "the emulator's latency at 1,000 and 10,000 linked numbers (bench/emulator/scale.ts)",
  options: { quick: { type: "boolean", help: "fewer samples, results not kept" } },
  run(values) {
    const quick = given(values, "quick");
    return runStandaloneMode(
      "emulator",
      quick,
      () => runEmulatorScale({ sizes: [1_000, 10_000], samples: quick ? 300 : 2_000 }),
      renderEmulatorScale,
    );
  },
};
