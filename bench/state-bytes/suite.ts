// `npm run bench -- --state-bytes`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { type BenchSuite, count } from "../harness/suite";
import { runStateBytesMain } from "./main";

/** Bytes per resource in the checkpoint. */
export const stateBytesSuite: BenchSuite = {
  flag: "state-bytes",
  usage:
    "bytes per resource of each type in the checkpoint, native plugin and dynamic resources (bench/state-bytes/main.ts), to bench/results/state-bytes.*",
  options: {
    numbers: {
      type: "string",
      value: "N",
      help: "then creates the per-link estate of N numbers with each checkpoint setting of the engine (checkpoints on, without the integrity check, off; the dynamic resources with them on)",
    },
    reps: { type: "string", value: "R", help: "the repetitions of the estate of --numbers N (default 3)" },
  },
  run: (values) => runStateBytesMain(count(values, "numbers", undefined), count(values, "reps", 3)),
};
