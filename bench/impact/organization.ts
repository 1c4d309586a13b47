// The impact read of one large organization: every number moved to another bridge (and, apart,
// every bridge deleted), read with the default window, with `maxCalls` above the organization's calls,
// at its default and at a small cap, and with a 1-day window; beside them, in the same run, the plain
// reads the provider already makes of such an estate (the overview, and every page of the call
// records read forwards). Each read runs in a process of its own, the cases in a rotated order each
// repetition; the emulator, in its own process with its rate limit out of the way, counts the requests.
import { AdminClient, type RequestLogEntry } from "../../emulator";
import { ImpactOptions } from "../../provider/impact";
import { VoiceClient } from "../../sdk";
import { startOrganizationsEmulator } from "../harness/emulator-process";
import { BENCH_RATE_LIMIT, rotated } from "../harness/seeded-emulator";
import { median, progress } from "../harness/stats";
import { fillOrganization, handleOf, numbersOf, type OrganizationLayout } from "./estate";
import { type ReadFigures, type ReadSpec, runRead } from "./read";

/** The defaults the impact read takes when not told (7 days, 50,000 calls). */
const DEFAULTS = ImpactOptions.parse({});

export interface OrganizationImpactOptions {
  organization: OrganizationLayout;
  /** The small `maxCalls`, well below the window's calls. */
  smallCap: number;
  reps: number;
}

/** One case: what was read, and its figures over the repetitions. */
export interface ImpactCase {
  id: string;
  what: string;
  /** Baselines are the provider's plain reads; the rest are impact reads. */
  baseline: boolean;
  windowDays: number | null;
  maxCalls: number | null;
  /** Requests the emulator answered (2xx), and 429s (none: the limit is out of the way). */
  requests: number;
  status429: number;
  readerRequests: number;
  callsRead: number;
  capped: boolean;
  numbers: number;
  /** Median of the repetitions, and each repetition in run order. */
  ms: number;
  runsMs: number[];
  /** Medians of the repetitions' peaks, MB. */
  rssBeforeMb: number;
  peakRssMb: number;
  heapBeforeMb: number;
  peakHeapMb: number;
}

export interface OrganizationImpactResult extends OrganizationImpactOptions {
  numbers: number;
  /** The moment the calls' window ends and the reads judge from. */
  now: string;
  fillS: number;
  cases: ImpactCase[];
}

type CaseSpec = Pick<ImpactCase, "id" | "what" | "baseline"> & { read: ReadSpec };

function caseSpecs(opts: OrganizationImpactOptions, target: { url: string; token: string }, now: string) {
  const o = opts.organization;
  const at = { ...target, organizations: [o] };
  const impact = (windowDays: number | undefined, maxCalls: number | undefined, touch: "moves" | "bridges") =>
    ({
      ...at,
      read: "impact",
      touch,
      now,
      inFlight: 1,
      ...(windowDays === undefined ? {} : { windowDays }),
      ...(maxCalls === undefined ? {} : { maxCalls }),
    }) as const;
  const moved = `every number moved (${numbersOf(o).toLocaleString("en-US")} number touches)`;
  return [
    {
      id: "overview",
      what: "getOverview: the overview list",
      baseline: true,
      read: { ...at, read: "overview" },
    },
    {
      id: "call-records",
      what: "getCallRecords: every call record, forwards page by page",
      baseline: true,
      read: { ...at, read: "call-records" },
    },
    // A cap of the organization's own calls can never stop the read: the whole window is read.
    { id: "moves-whole-window", what: moved, baseline: false, read: impact(undefined, o.calls, "moves") },
    { id: "moves-default-cap", what: moved, baseline: false, read: impact(undefined, undefined, "moves") },
    { id: "moves-small-cap", what: moved, baseline: false, read: impact(undefined, opts.smallCap, "moves") },
    { id: "moves-1-day", what: moved, baseline: false, read: impact(1, undefined, "moves") },
    {
      id: "bridges-deleted",
      what: `every bridge deleted (${o.bridges} bridge touches)`,
      baseline: false,
      read: impact(undefined, undefined, "bridges"),
    },
  ] satisfies CaseSpec[];
}

/** The read's requests as the emulator answered them. */
function answered(log: readonly RequestLogEntry[]): { requests: number; status429: number } {
  return {
    requests: log.filter((r) => r.status >= 200 && r.status < 300).length,
    status429: log.filter((r) => r.status === 429).length,
  };
}

export async function runOrganizationImpact(
  opts: OrganizationImpactOptions,
): Promise<OrganizationImpactResult> {
  const o = opts.organization;
  const emulator = await startOrganizationsEmulator(BENCH_RATE_LIMIT, o.index, numbersOf(o));
  try {
    const admin = new AdminClient(emulator.url);
    // Whole seconds: the figures name the moment, and the same moment reproduces the same calls.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const filling = performance.now();
    const client = new VoiceClient({ baseUrl: emulator.url, token: emulator.token, orgHandle: handleOf(o) });
    await fillOrganization(client, admin, o, now);
    const fillS = Math.round((performance.now() - filling) / 100) / 10;
    progress(`impact: ${handleOf(o)} filled in ${fillS} s (${numbersOf(o)} numbers, ${o.calls} calls)`);

    const specs = caseSpecs(opts, { url: emulator.url, token: emulator.token }, now.toISOString());
    // One untimed read of every page first, so that no case pays for the emulator's cold start.
    await runRead({ url: emulator.url, token: emulator.token, organizations: [o], read: "call-records" });
    const runs = new Map<string, { figures: ReadFigures; log: RequestLogEntry[] }[]>();
    for (let rep = 0; rep < opts.reps; rep++) {
      for (const spec of rotated(specs, rep)) {
        await admin.clearRequests();
        const figures = await runRead(spec.read);
        const log = await admin.requests();
        runs.set(spec.id, [...(runs.get(spec.id) ?? []), { figures, log }]);
        progress(
          `impact: ${spec.id} ${figures.ms} ms, ${log.length} requests, peak RSS ${figures.peakRssMb} MB`,
        );
      }
    }
    await admin.clearRequests();
    const cases = specs.map((spec) => summarize(spec, runs.get(spec.id) ?? []));
    return { ...opts, numbers: numbersOf(o), now: now.toISOString(), fillS, cases };
  } finally {
    await emulator.close();
  }
}

function summarize(spec: CaseSpec, runs: { figures: ReadFigures; log: RequestLogEntry[] }[]): ImpactCase {
  const last = runs.at(-1);
  if (last === undefined) throw new Error(`impact: no run of ${spec.id}`);
  const of = (key: keyof ReadFigures) => median(runs.map((r) => r.figures[key]));
  const read = spec.read;
  const impact = read.read === "impact";
  // Request counts do not vary between repetitions (the reads are deterministic); the largest is kept.
  const counts = runs.map((r) => answered(r.log));
  return {
    id: spec.id,
    what: spec.what,
    baseline: spec.baseline,
    windowDays: impact ? (read.windowDays ?? DEFAULTS.windowDays) : null,
    maxCalls: impact ? (read.maxCalls ?? DEFAULTS.maxCalls) : null,
    requests: Math.max(...counts.map((c) => c.requests)),
    status429: Math.max(...counts.map((c) => c.status429)),
    readerRequests: last.figures.readerRequests,
    callsRead: last.figures.callsRead,
    capped: last.figures.capped > 0,
    numbers: last.figures.numbers,
    ms: of("ms"),
    runsMs: runs.map((r) => r.figures.ms),
    rssBeforeMb: of("rssBeforeMb"),
    peakRssMb: of("peakRssMb"),
    heapBeforeMb: of("heapBeforeMb"),
    peakHeapMb: of("peakHeapMb"),
  };
}
