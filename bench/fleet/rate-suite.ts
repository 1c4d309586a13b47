// `npm run bench -- --fleet-rate`: the suite's declaration for bench/main.ts (flag, options, `--help`).
import { runStandaloneMode } from "../harness/standalone-mode";
import { type BenchSuite, given } from "../harness/suite";
import { FULL_FLEET_RATE, QUICK_FLEET_RATE, renderFleetRate, runFleetRate } from "./rate";

/** A fleet drift check sharing one token at the platform's rate. */
export const fleetRateSuite: BenchSuite = {
  flag: "fleet-rate",
  usage:
    "a fleet drift check of 50 stacks at --parallel 8 sharing one token at 600 requests/min (bench/fleet/rate.ts), to bench/results/fleet-rate.*",
  options: { quick: { type: "boolean", help: "16 stacks at 60 per 10 s, results not kept" } },
  run(values) {
    const quick = given(values, "quick");
    const options = quick ? QUICK_FLEET_RATE : FULL_FLEET_RATE;
    return runStandaloneMode("fleet-rate", quick, () => runFleetRate(options), renderFleetRate);
  },
};
