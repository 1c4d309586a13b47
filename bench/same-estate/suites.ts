// The two same-estate suites: OpenTofu against the Pulumi sides a user would choose between
// (`--opentofu`), and the program as users write it, JavaScript against TypeScript type-checked and
// transpile-only (`--ts-program`). Each names its sides, operations and sizes and which side each
// is compared with.
import type { Op, ProgramKind, Side } from "./side";
import { OPS } from "./side";

export type SuiteName = "opentofu" | "ts-program";

export interface Suite {
  name: SuiteName;
  flag: string;
  /** Sizes (numbers) run when none are given. */
  defaultNumbers: readonly number[];
  defaultReps: number;
  /** The sides at a size (the first is each other side's baseline unless `baselineOf` says otherwise). */
  sides(numbers: number): Side[];
  ops: readonly Op[];
  /** The side each side's figures are divided by (same run, same repetition). */
  baselineOf(side: Side, sides: readonly Side[]): Side | undefined;
}

const pulumi = (
  provider: "native" | "voice",
  form: "sets" | "links",
  checkpoints: boolean,
  program: ProgramKind,
): Side => ({ tool: "pulumi", provider, form, checkpoints, program });

/**
 * OpenTofu against, as users write them (TypeScript, type-checked): the plugin with sets and with
 * links, checkpoints off and on, and the dynamic resources per link with the engine's defaults.
 * Per-link sides with checkpoints on are left out above 3,000 numbers: they grow with the square of
 * the stack (about an hour at 10,000).
 */
const OPENTOFU_SUITE: Suite = {
  name: "opentofu",
  flag: "--opentofu",
  defaultNumbers: [1_000],
  defaultReps: 2,
  sides: (numbers) => [
    { tool: "tofu" },
    pulumi("native", "sets", false, "ts"),
    pulumi("native", "sets", true, "ts"),
    pulumi("native", "links", false, "ts"),
    ...(numbers <= 3_000
      ? [pulumi("native", "links", true, "ts"), pulumi("voice", "links", true, "ts")]
      : []),
  ],
  ops: OPS,
  baselineOf: (side, sides) => (side.tool === "tofu" ? undefined : sides.find((s) => s.tool === "tofu")),
};

/**
 * The program's language: each of the JavaScript program, the TypeScript program type-checked, and
 * transpile-only, checkpoints off (the program, not the checkpoints, is what differs): on the plugin
 * per link at 100 and 1,000 numbers, on the dynamic resources per link at 1,000, and on the plugin
 * as sets at 10,000 (per link there takes minutes a run). Only `up` and `preview` run the program.
 */
const TS_PROGRAM_SUITE: Suite = {
  name: "ts-program",
  flag: "--ts-program",
  defaultNumbers: [100, 1_000, 10_000],
  defaultReps: 1,
  sides: (numbers) =>
    (numbers > 1_000
      ? ([["native", "sets"]] as const)
      : numbers > 100
        ? ([
            ["native", "links"],
            ["voice", "links"],
          ] as const)
        : ([["native", "links"]] as const)
    ).flatMap(([provider, form]) =>
      (["js", "ts", "ts-transpile"] as const).map((program) => pulumi(provider, form, false, program)),
    ),
  ops: ["create", "noop"],
  baselineOf: (side, sides) =>
    side.tool === "pulumi" && side.program !== "js"
      ? sides.find(
          (s) =>
            s.tool === "pulumi" &&
            s.program === "js" &&
            s.provider === side.provider &&
            s.form === side.form &&
            s.checkpoints === side.checkpoints,
        )
      : undefined,
};

export const SUITES: Record<SuiteName, Suite> = { opentofu: OPENTOFU_SUITE, "ts-program": TS_PROGRAM_SUITE };
