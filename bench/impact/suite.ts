// `npm run bench -- --impact`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { type BenchSuite, given } from "../harness/suite";
import { runImpactMode } from "./main";

/** The impact read at scale. */
export const impactSuite: BenchSuite = {
  flag: "impact",
  usage:
    "the impact read at scale (bench/impact/main.ts): one organization of 10,000 numbers and 100,000 calls against the provider's plain reads, and 100 organizations through one token at 600 requests/min, to bench/results/impact.*",
  options: {
    quick: {
      type: "boolean",
      help: "1,000 numbers and 10 organizations at 20 per 5 s, to bench/results/impact-quick.*.tmp",
    },
  },
  run: (values) => runImpactMode(given(values, "quick")),
};
