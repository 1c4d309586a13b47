// Every suite of `npm run bench`, in the order `--help` lists them; the first, without a flag, is the
// full run. Each is declared beside its code.

import { organizationsSuite } from "./emulator/organizations-suite";
import { emulatorSuite } from "./emulator/suite";
import { exportSuite } from "./export/suite";
import { fleetRateSuite } from "./fleet/rate-suite";
import { fleetSharedPluginSuite } from "./fleet/shared-plugin-suite";
import { fleetSuite } from "./fleet/suite";
import { fullRunSuite } from "./full-run";
import type { BenchSuite } from "./harness/suite";
import { impactSuite } from "./impact/suite";
import { moveGapSuite } from "./moves/suite";
import { pluginSuite } from "./plugin/suite";
import { programMemorySuite } from "./program-memory/suite";
import { recoverySuite } from "./recovery/suite";
import { opentofuSuite, tsProgramSuite } from "./same-estate/bench-suites";
import { scaleSuite } from "./scale/suite";
import { rateBudgetSuite } from "./sdk/rate-budget-suite";
import { sdkSuite } from "./sdk/suite";
import { setsSuite } from "./sets/suite";
import { stackCostSuite } from "./stack-cost/suite";
import { stateBytesSuite } from "./state-bytes/suite";

/** The suites `npm run bench` runs, one per command line. */
export const BENCH_SUITES: readonly BenchSuite[] = [
  fullRunSuite,
  scaleSuite,
  setsSuite,
  pluginSuite,
  emulatorSuite,
  organizationsSuite,
  fleetSuite,
  fleetSharedPluginSuite,
  fleetRateSuite,
  stackCostSuite,
  rateBudgetSuite,
  impactSuite,
  recoverySuite,
  exportSuite,
  sdkSuite,
  moveGapSuite,
  opentofuSuite,
  tsProgramSuite,
  stateBytesSuite,
  programMemorySuite,
];
