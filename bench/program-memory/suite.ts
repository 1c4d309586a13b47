// `npm run bench -- --program-memory`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { type BenchSuite, BenchUsageError, count, oneOf, text, texts } from "../harness/suite";
import type { ProgramKind } from "../same-estate/side";
import { runProgramMemory } from "./main";

const OPS = ["up", "preview"] as const;

/** The program process's memory, settings compared A/B. */
export const programMemorySuite: BenchSuite = {
  flag: "program-memory",
  usage:
    "the program process (the language host running the same-estate program) alone: its peak memory, CPU seconds and heap per run, each variant in turn on a fresh emulator, checkpoints off (bench/program-memory/README.md); prints a line per run and the range per variant",
  options: {
    numbers: { type: "string", value: "N", help: "the estate's numbers (default 1000)" },
    form: { type: "string", value: "sets|links", help: "the estate's form (default sets)" },
    program: {
      type: "string",
      value: "js|ts|ts-transpile",
      help: "the program: JavaScript, TypeScript, or TypeScript transpile-only (default ts)",
    },
    provider: {
      type: "string",
      value: "native|voice",
      help: "the native plugin or the dynamic resources (default native)",
    },
    reps: { type: "string", value: "R", help: "the repetitions, the variants rotated (default 1)" },
    parallel: { type: "string", value: "P", help: "the engine's --parallel (default 8)" },
    ops: { type: "string", value: "up,preview", help: "the operations of each run (default up,preview)" },
    variant: {
      type: "string",
      multiple: true,
      value: "'label:KEY=value,…'",
      help: "a setting to compare (default: one variant, default): `nodeargs` goes to Pulumi.yaml, other keys to the environment (NODE_OPTIONS joins the probe's)",
    },
    snapshot: {
      type: "string",
      value: "DIR",
      help: "a heap snapshot as the program exits (and mid-run with BENCH_HEAP_PEAK_MB=M in a variant) under DIR, for bench/program-memory/heap-summary.ts",
    },
  },
  run(values) {
    const ops = (text(values, "ops") ?? "up,preview").split(",");
    const bad = ops.find((op) => !(OPS as readonly string[]).includes(op));
    if (bad !== undefined) throw new BenchUsageError(`--ops takes ${OPS.join(",")}; got ${bad}`);
    return runProgramMemory({
      numbers: count(values, "numbers", 1000),
      form: oneOf(values, "form", ["sets", "links"], "sets"),
      program: oneOf<ProgramKind>(values, "program", ["js", "ts", "ts-transpile"], "ts"),
      provider: oneOf(values, "provider", ["native", "voice"], "native"),
      reps: count(values, "reps", 1),
      parallel: count(values, "parallel", 8),
      variants: texts(values, "variant"),
      snapshot: text(values, "snapshot"),
      ops: ops as (typeof OPS)[number][],
    });
  },
};
