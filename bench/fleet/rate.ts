// `npm run bench -- --fleet-rate`: one token's rate budget under a fleet run. 50 organizations of the
// emulator, one stack each (the fleet benchmark's project at 10 numbers an organization), created with
// `fleet up` at a raised limit; then a bridge renamed by hand in one organization, the emulator set to
// the platform's 600 requests a minute, and a fleet drift check of all 50 stacks at --parallel 8: every
// stack's provider paces itself by the rate-limit headers the others' requests move too. Measured: 429s
// answered, stacks failed (a 429 that outlasted its retries fails its stack), the time against the floor
// (requests ÷ rate), and the stacks' own times (median and slowest: no stack starved).
import { fleetHandle } from "../../emulator";
import { VoiceClient } from "../../sdk";
import { startOrganizationsEmulator } from "../harness/emulator-process";
import { int, progress, round } from "../harness/stats";
import { fleetEstate } from "./estate";
import { type FleetFigures, fleetRun } from "./fleet-run";

/** The emulator's limit while the fleet is created, per minute: creating is not what is measured. */
const CREATE_RATE = 1_000_000;

export interface FleetRateOptions {
  organizations: number;
  parallel: number;
  /** The limit of the measured run: `limit` requests per `windowMs`. */
  limit: number;
  windowMs: number;
}

export interface FleetRateResult extends FleetRateOptions {
  numbersPerOrganization: number;
  changedByHand: string;
  create: FleetFigures;
  drift: FleetFigures;
  /** The drift check's requests ÷ the limit, in seconds. */
  floorSeconds: number;
}

export const FULL_FLEET_RATE: FleetRateOptions = {
  organizations: 50,
  parallel: 8,
  limit: 600,
  windowMs: 60_000,
};
export const QUICK_FLEET_RATE: FleetRateOptions = {
  organizations: 16,
  parallel: 8,
  limit: 60,
  windowMs: 10_000,
};

export async function runFleetRate(options: FleetRateOptions): Promise<FleetRateResult> {
  const numbersPerOrganization = 10;
  const emulator = await startOrganizationsEmulator(
    CREATE_RATE,
    options.organizations,
    numbersPerOrganization,
  );
  const estate = await fleetEstate({
    organizations: options.organizations,
    numbersPerOrganization,
    baseUrl: emulator.url,
    token: emulator.token,
  });
  const where = { dir: estate.dir.path, env: estate.env };
  try {
    progress(`fleet-rate: creating ${estate.stacks.length} stacks (fleet up)`);
    const create = await fleetRun("create (up)", ["up"], where, options.parallel);
    const changed = fleetHandle(Math.ceil(options.organizations / 2));
    const client = new VoiceClient({ baseUrl: emulator.url, token: emulator.token, orgHandle: changed });
    await client.bridges.update(`${changed}-line-3`, { name: "Renamed in the dashboard" });
    await emulator.admin.setRateLimit(options.limit, options.windowMs);
    progress(`fleet-rate: drift check at ${options.limit} requests per ${options.windowMs / 1000} s`);
    const drift = await fleetRun("drift", ["drift"], where, options.parallel);
    return {
      ...options,
      numbersPerOrganization,
      changedByHand: `${changed}-line-3 name`,
      create,
      drift,
      floorSeconds: round((drift.requests / options.limit) * (options.windowMs / 1000), 1),
    };
  } finally {
    await estate.dir.remove();
    await emulator.close();
  }
}

export function renderFleetRate(r: FleetRateResult, header: string): string {
  const d = r.drift;
  const found = d.found.map((f) => `\`${f.id}\`: ${f.changes.join(", ")}`).join("; ") || "nothing";
  return [
    "### Fleet: one token's rate budget",
    "",
    header,
    "",
    `${r.organizations} organizations of the emulator, one stack each (a configuration, 10 bridges holding ${r.numbersPerOrganization} numbers as BridgeNumbers sets, 2 trunks), created at a raised limit; then ${r.changedByHand} changed by hand and a fleet drift check of every stack at --parallel ${r.parallel} against the emulator at ${int(r.limit)} requests per ${r.windowMs / 1000} s, one token for all.`,
    "",
    "| Stacks | --parallel | Requests answered | 429s | Stacks failed | Exit | Time | Floor (requests ÷ rate) | Time ÷ floor | Stack time, median · slowest |",
    "|---|---|---|---|---|---|---|---|---|---|",
    `| ${d.stacks} | ${d.parallel} | ${int(d.requests)} | ${d.throttled} | ${d.failed} | ${d.exitCode} | ${d.seconds} s | ${r.floorSeconds} s | ${round(d.seconds / r.floorSeconds, 2)} | ${d.medianStackSeconds} s · ${d.slowestStackSeconds} s |`,
    "",
    `The drift check found ${found}. Creating the fleet (at ${int(CREATE_RATE)}/min): ${r.create.seconds} s, ${int(r.create.requests)} requests, exit ${r.create.exitCode}.`,
  ].join("\n");
}
