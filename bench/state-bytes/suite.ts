// `npm run bench -- --state-bytes`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { type BenchSuite, BenchUsageError, count, given } from "../harness/suite";
import { runBackendsMain } from "./backends-main";
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
    postgres: {
      type: "boolean",
      help: "with --numbers N: instead, creates the estate as links and as sets with checkpoints on against the file backend and against a PostgreSQL backend (a throwaway server, scripts/tools/postgres), the server's CPU and writes beside the engine's (bench/state-bytes/backends.ts), to bench/results/state-bytes-postgres.*",
    },
  },
  run: async (values) => {
    const numbers = count(values, "numbers", undefined);
    const reps = count(values, "reps", 3);
    if (!given(values, "postgres")) return runStateBytesMain(numbers, reps);
    if (numbers === undefined) throw new BenchUsageError("--postgres needs --numbers N");
    return runBackendsMain(numbers, reps);
  },
};
