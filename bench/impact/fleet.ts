// The impact read of a fleet: every organization of the emulator filled alike (bridges, agents,
// follow-ups, calls) at a raised limit, then the emulator set to the platform's rate and one
// OrganizationTraffic per organization, several at once, through one client: one token, so one rate
// budget the SDK paces every read by. Measured: requests answered and 429s (the emulator's log), the
// read's time (the reading process's, first request to last report) against the floor (requests ÷ rate).
import { AdminClient } from "../../emulator";
import { VoiceClient } from "../../sdk";
import { startOrganizationsEmulator } from "../harness/emulator-process";
import { BENCH_RATE_LIMIT } from "../harness/seeded-emulator";
import { progress, round } from "../harness/stats";
import { fillOrganization, type OrganizationLayout } from "./estate";
import { type ReadFigures, runRead } from "./read";

/** Organizations filled at once (each with its own requests in flight). */
const FILLING_AT_ONCE = 4;

export interface FleetImpactOptions {
  organizations: number;
  bridges: number;
  numbersPerBridge: number;
  callsPerOrganization: number;
  /** Organizations read at once. */
  inFlight: number;
  /** The measured read's limit: `limit` requests per `windowMs`, the platform's 600 a minute. */
  limit: number;
  windowMs: number;
}

export interface FleetImpactResult extends FleetImpactOptions {
  numbersPerOrganization: number;
  now: string;
  fillS: number;
  /** 2xx answers, and 429s, as the emulator logged them. */
  requests: number;
  status429: number;
  /** The read in the reading process, first request to last report. */
  seconds: number;
  /** The emulator's first request to the arrival of its last one. */
  logSpanSeconds: number;
  /** requests ÷ (limit ÷ window): the least time the requests take at the rate. */
  floorSeconds: number;
  /**
   * The least time in the emulator's fixed windows: a fresh window's whole budget can be spent at
   * once, so the requests of the last window wait only for the windows before it to end.
   */
  windowsFloorSeconds: number;
  read: ReadFigures;
}

export async function runFleetImpact(opts: FleetImpactOptions): Promise<FleetImpactResult> {
  const layouts: OrganizationLayout[] = Array.from({ length: opts.organizations }, (_, i) => ({
    index: i + 1,
    bridges: opts.bridges,
    numbersPerBridge: opts.numbersPerBridge,
    calls: opts.callsPerOrganization,
  }));
  const numbersPerOrganization = opts.bridges * opts.numbersPerBridge;
  const emulator = await startOrganizationsEmulator(
    BENCH_RATE_LIMIT,
    opts.organizations,
    numbersPerOrganization,
  );
  try {
    const admin = new AdminClient(emulator.url);
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const filling = performance.now();
    const client = new VoiceClient({ baseUrl: emulator.url, token: emulator.token });
    let next = 0;
    await Promise.all(
      Array.from({ length: FILLING_AT_ONCE }, async () => {
        while (next < layouts.length) {
          await fillOrganization(client, admin, layouts[next++] as OrganizationLayout, now);
        }
      }),
    );
    const fillS = round((performance.now() - filling) / 1000, 1);
    progress(
      `impact: ${opts.organizations} organizations filled in ${fillS} s; reading at ${opts.limit} per ${opts.windowMs / 1000} s`,
    );

    // Setting the limit starts a fresh window, so the read begins with the whole budget.
    await admin.setRateLimit(opts.limit, opts.windowMs);
    await admin.clearRequests();
    const read = await runRead({
      url: emulator.url,
      token: emulator.token,
      organizations: layouts,
      read: "impact",
      touch: "moves",
      now: now.toISOString(),
      inFlight: opts.inFlight,
    });
    const log = await admin.requests();
    const ok = log.filter((r) => r.status >= 200 && r.status < 300);
    const first = Math.min(...log.map((r) => r.atMs));
    const last = Math.max(...log.map((r) => r.atMs));
    const requests = ok.length;
    return {
      ...opts,
      numbersPerOrganization,
      now: now.toISOString(),
      fillS,
      requests,
      status429: log.filter((r) => r.status === 429).length,
      seconds: round(read.ms / 1000, 1),
      logSpanSeconds: round((last - first) / 1000, 1),
      floorSeconds: round((requests / opts.limit) * (opts.windowMs / 1000), 1),
      windowsFloorSeconds: round(
        (Math.floor(Math.max(0, requests - 1) / opts.limit) * opts.windowMs) / 1000,
        1,
      ),
      read,
    };
  } finally {
    await emulator.close();
  }
}
