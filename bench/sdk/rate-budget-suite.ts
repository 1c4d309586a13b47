// `npm run bench -- --rate-budget`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import path from "node:path";
import { repoRoot } from "../../scripts/tools/engine";
import { runStandaloneMode } from "../harness/standalone-mode";
import { type BenchSuite, given } from "../harness/suite";
import { renderRateBudget, runRateBudget } from "./rate-budget";

/** 8 processes sharing one token, to bench/results/rate-budget.*. */
export const rateBudgetSuite: BenchSuite = {
  flag: "rate-budget",
  usage:
    "8 processes sharing one token at 600 requests/min (bench/sdk/rate-budget.ts), to bench/results/rate-budget.*",
  options: { quick: { type: "boolean", help: "a 6 s window of 60 requests, fewer requests" } },
  run(values) {
    const quick = given(values, "quick");
    const sdkEntry = path.join(repoRoot, "dist", "sdk", "index.js");
    const options = quick
      ? { sdkEntry, processes: 8, pairs: 25, limit: 60, windowMs: 6_000 }
      : { sdkEntry, processes: 8, pairs: 75, limit: 600, windowMs: 60_000 };
    return runStandaloneMode("rate-budget", quick, () => runRateBudget(options), renderRateBudget);
  },
};
