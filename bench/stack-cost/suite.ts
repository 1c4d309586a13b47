// `npm run bench -- --stack-cost`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { type BenchSuite, count, text } from "../harness/suite";
import { runStackCost } from "./main";

/** One stack's cost per process, without and with NODE_COMPILE_CACHE. */
export const stackCostSuite: BenchSuite = {
  flag: "stack-cost",
  usage:
    "one stack's no-op preview and drift check, CPU-s and peak memory per process (pulumi CLI, language host, program, plugin), without and with NODE_COMPILE_CACHE (bench/stack-cost/main.ts), to bench/results/stack-cost.*",
  options: {
    reps: { type: "string", value: "K", help: "the repetitions (default 5)" },
    "stack-cost-label": {
      type: "string",
      value: "NAME",
      help: 'files the figures under build NAME (default "this build") beside other builds\' figures',
    },
  },
  async run(values) {
    const reps = count(values, "reps", 5);
    process.stdout.write(
      await runStackCost({ reps, build: text(values, "stack-cost-label") ?? "this build" }),
    );
  },
};
