// `npm run bench -- --scale`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import type { BenchSuite } from "../harness/suite";
import { count, given } from "../harness/suite";
import { runSetsMain } from "../sets/main";
import { renderScaleMain, runScaleMain } from "./main";

/** Native vs dynamic vs no-op as N grows, then the set form at the same cap. */
export const scaleSuite: BenchSuite = {
  flag: "scale",
  usage:
    "native vs dynamic vs no-op at N = 100 … 3,000 (bench/scale/main.ts), then the set steps (--scale-sets) with the same cap",
  options: {
    "scale-max": {
      type: "string",
      value: "N",
      selects: true,
      help: "stops at N (results then to bench/results/scale-partial.*.tmp)",
    },
    "scale-render": { type: "boolean", selects: true, help: "renders bench/results/scale.json again" },
  },
  async run(values) {
    if (given(values, "scale-render")) return renderScaleMain();
    const max = count(values, "scale-max", undefined);
    await runScaleMain(max);
    // Then the set form (its own results file, so scale.json keeps its format).
    await runSetsMain(max);
  },
};
