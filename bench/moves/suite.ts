// `npm run bench -- --move-gap`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { type BenchSuite, count, given } from "../harness/suite";
import { renderMoveGapMain, runMoveGapMain } from "./main";

/** How long a moved number is on no bridge. */
export const moveGapSuite: BenchSuite = {
  flag: "move-gap",
  usage: "how long a moved number is on no bridge, N = 40 … 10,000 (bench/moves/main.ts)",
  options: {
    quick: { type: "boolean", help: "N = 40 only" },
    "move-gap-sets": {
      type: "string",
      value: "N",
      selects: true,
      help: "the set form at N only, to bench/results/move-gap-sets.*.tmp",
    },
    "move-gap-render": {
      type: "boolean",
      selects: true,
      help: "renders bench/results/move-gap.json again",
    },
    "move-gap-parallel": { type: "string", value: "P", help: "runs the engine with --parallel P" },
  },
  async run(values) {
    if (given(values, "move-gap-render")) return renderMoveGapMain();
    const parallel = count(values, "move-gap-parallel", undefined);
    const sets = count(values, "move-gap-sets", undefined);
    if (sets !== undefined) return runMoveGapMain(false, sets, parallel);
    return runMoveGapMain(given(values, "quick"), undefined, parallel);
  },
};
