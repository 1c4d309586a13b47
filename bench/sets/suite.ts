// `npm run bench -- --scale-sets`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { type BenchSuite, count, given, text } from "../harness/suite";
import { renderSetsMain, runSetsMain } from "./main";

/** The set form (BridgeNumbers) at 1,000 and 10,000 numbers. */
export const setsSuite: BenchSuite = {
  flag: "scale-sets",
  usage: "the set form (BridgeNumbers) at N = 1,000 and 10,000 numbers (bench/sets/main.ts)",
  options: {
    "scale-sets-max": { type: "string", value: "M", selects: true, help: "caps the estates at M numbers" },
    "scale-sets-render": {
      type: "boolean",
      selects: true,
      help: "renders bench/results/scale-sets.json again",
    },
    "scale-sets-native": {
      type: "boolean",
      selects: true,
      help: "the native plugin alone at 10,000 numbers",
    },
    "scale-sets-dynamic": {
      type: "boolean",
      selects: true,
      help: "the dynamic resources alone at 10,000 numbers",
    },
    "node-options": {
      type: "string",
      value: '"<flags>"',
      help: "starts the engine's Node.js processes with these flags",
    },
  },
  async run(values) {
    if (given(values, "scale-sets-render")) return renderSetsMain();
    const solo = given(values, "scale-sets-native")
      ? "native"
      : given(values, "scale-sets-dynamic")
        ? "voice"
        : undefined;
    await runSetsMain(count(values, "scale-sets-max", undefined), solo, text(values, "node-options"));
  },
};
