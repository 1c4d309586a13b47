// `npm run bench -- --export`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { type BenchSuite, given } from "../harness/suite";
import { runExportMode } from "./main";

/** The export round trip. */
export const exportSuite: BenchSuite = {
  flag: "export",
  usage:
    "the export round trip of 1,000 linked numbers on 10 bridges: export, up taking it over, preview (bench/export/main.ts), to bench/results/export.*",
  options: { quick: { type: "boolean", help: "100 numbers, results not kept" } },
  run: (values) => runExportMode(given(values, "quick")),
};
