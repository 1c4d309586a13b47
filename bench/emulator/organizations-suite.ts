// `npm run bench -- --organizations`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { runStandaloneMode } from "../harness/standalone-mode";
import { type BenchSuite, given } from "../harness/suite";
import { renderOrganizationsScale, runOrganizationsScale } from "./organizations-scale";

/** One organization's requests with 1 and 100 organizations, to bench/results/organizations.*. */
export const organizationsSuite: BenchSuite = {
  flag: "organizations",
  usage:
    "one organization's requests with 1 and with 100 organizations (bench/emulator/organizations-scale.ts; also a row of the full run), to bench/results/organizations.*",
  options: { quick: { type: "boolean", help: "fewer samples, results not kept" } },
  run(values) {
    const quick = given(values, "quick");
    return runStandaloneMode(
      "organizations",
      quick,
      () => runOrganizationsScale({ samples: quick ? 200 : 1_000 }),
      renderOrganizationsScale,
    );
  },
};
