// `npm run bench -- --recovery`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { type BenchSuite, given } from "../harness/suite";
import { runRecoveryMode } from "./main";

/** Recovery without checkpoints, killed early, mid-way and late. */
export const recoverySuite: BenchSuite = {
  flag: "recovery",
  usage:
    "an up of 289 resources without checkpoints killed early, mid-way and late, each recovered (recover --cancel, up --refresh), then its state file lost and rebuilt (bench/recovery/main.ts), to bench/results/recovery.*",
  options: { quick: { type: "boolean", help: "43 resources, results not kept" } },
  run: (values) => runRecoveryMode(given(values, "quick")),
};
