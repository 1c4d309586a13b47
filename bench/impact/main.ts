// `npm run bench -- --impact`: what the impact read costs at scale, one large organization (its
// requests, time and memory against the provider's plain reads of the same estate, in the same run)
// and a fleet read through one token at the platform's rate. Results to bench/results/impact.*.

import { sampleLoad } from "../harness/load-sampler";
import { runStandaloneMode } from "../harness/standalone-mode";
import { progress } from "../harness/stats";
import { type FleetImpactOptions, runFleetImpact } from "./fleet";
import { type OrganizationImpactOptions, runOrganizationImpact } from "./organization";
import { renderImpact } from "./report";
import type { ImpactBenchResult } from "./result";

export interface ImpactBenchOptions {
  organization: OrganizationImpactOptions;
  fleet: FleetImpactOptions;
}

/** The platform's documented rate: 600 requests a minute per token. */
const PLATFORM_RATE = { limit: 600, windowMs: 60_000 };

/** 10,000 numbers on 50 bridges and 100,000 calls; 100 organizations of 100 numbers and 1,000 calls. */
export const FULL_IMPACT: ImpactBenchOptions = {
  organization: {
    organization: { index: 1, bridges: 50, numbersPerBridge: 200, calls: 100_000 },
    smallCap: 5_000,
    reps: 3,
  },
  fleet: {
    organizations: 100,
    bridges: 5,
    numbersPerBridge: 20,
    callsPerOrganization: 1_000,
    inFlight: 8,
    ...PLATFORM_RATE,
  },
};

/** A tenth of the organization, once; 10 organizations whose reads need three windows of 20 per 5 s. */
export const QUICK_IMPACT: ImpactBenchOptions = {
  organization: {
    organization: { index: 1, bridges: 10, numbersPerBridge: 100, calls: 10_000 },
    smallCap: 500,
    reps: 1,
  },
  fleet: {
    organizations: 10,
    bridges: 2,
    numbersPerBridge: 10,
    callsPerOrganization: 100,
    inFlight: 4,
    limit: 20,
    windowMs: 5_000,
  },
};

export async function runImpactBench(opts: ImpactBenchOptions): Promise<ImpactBenchResult> {
  const load = sampleLoad();
  try {
    progress("impact: one organization");
    const organization = await runOrganizationImpact(opts.organization);
    progress("impact: the fleet");
    const fleet = await runFleetImpact(opts.fleet);
    return { organization, fleet, load: load.peek() };
  } finally {
    load.stop();
  }
}

/** `--impact` (`--quick`: the smaller sizes, results not kept). */
export function runImpactMode(quick: boolean): Promise<void> {
  return runStandaloneMode(
    "impact",
    quick,
    () => runImpactBench(quick ? QUICK_IMPACT : FULL_IMPACT),
    renderImpact,
  );
}
