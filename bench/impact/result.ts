// What one run of the impact benchmark measured: the one-organization reads, the fleet, the load.
import type { LoadSamples } from "../harness/load-sampler";
import type { FleetImpactResult } from "./fleet";
import type { OrganizationImpactResult } from "./organization";

export interface ImpactBenchResult {
  organization: OrganizationImpactResult;
  fleet: FleetImpactResult;
  /** The machine's 1-minute load average over the run. */
  load: LoadSamples;
}
