// `npm run bench -- --opentofu` and `-- --ts-program`: their declarations for bench/main.ts (flag,
// options, `--help`); what each compares is in ./suites.ts.
import { type BenchSuite, count, given, text } from "../harness/suite";
import { renderSameEstateMain, runSameEstateMain } from "./main";
import { SUITES, type SuiteName } from "./suites";

function sameEstateSuite(name: SuiteName, usage: string): BenchSuite {
  const suite = SUITES[name];
  return {
    flag: name,
    usage,
    options: {
      numbers: {
        type: "string",
        value: "N[,N…]",
        help: `the sizes, comma-separated (default ${suite.defaultNumbers.join(",")}), results then to bench/results/${name}-<sizes>.*`,
      },
      reps: { type: "string", value: "R", help: `the repetitions (default ${suite.defaultReps})` },
      render: { type: "boolean", help: "renders the results of this suite and those sizes again" },
    },
    async run(values) {
      const numbers = text(values, "numbers")
        ?.split(",")
        .map((n) => Number(n.replace(/_/g, "")));
      if (given(values, "render")) return renderSameEstateMain(name, numbers);
      return runSameEstateMain(name, numbers, count(values, "reps", undefined));
    },
  };
}

/** OpenTofu against the Pulumi sides on the same estate. */
export const opentofuSuite = sameEstateSuite(
  "opentofu",
  "OpenTofu against the Pulumi sides on the same estate (bench/same-estate/main.ts), to bench/results/opentofu.*; skipped with a note where OpenTofu is not installed (scripts/tools/opentofu builds it)",
);

/** The program as users write it: JavaScript, TypeScript, transpile-only. */
export const tsProgramSuite = sameEstateSuite(
  "ts-program",
  "the program as users write it: JavaScript, TypeScript, transpile-only (bench/same-estate/main.ts), to bench/results/ts-program.*",
);
