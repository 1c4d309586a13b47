// Benchmark 1: SDK throughput against raw undici over the same keep-alive pool, 16 requests in flight.
// The SDK adds, per call: argument checks, headers, the in-flight semaphore, the rate-limit ticket,
// JSON parsing, envelope and record validation (zod). The raw side sends the same request on the same
// pool and parses the JSON, validating nothing. The two sides alternate in short slices (slices.ts).
import { VoiceClient } from "../../sdk";
import { sharedPool } from "../../sdk/core/wire";
import { startEmulatorProcess } from "../harness/emulator-process";
import { median, progress, quantile, round } from "../harness/stats";
import { runSlicePairs, type Side, type SlicePair } from "./slices";

const IN_FLIGHT = 16;

/** The 10th, 25th, 75th and 90th percentiles of a ratio over the slice pairs. */
export interface Spread {
  p10: number;
  p25: number;
  p75: number;
  p90: number;
}

export interface ThroughputCase {
  call: string;
  /** Requests of one side in one slice, and how many SDK/raw slice pairs were measured. */
  sliceRequests: number;
  pairs: number;
  /** The pairs in `runs` consecutive groups, for the median of each group (`runRatios`). */
  runs: number;
  /** Median requests per second of the SDK's slices and of raw undici's. */
  medianSdk: number;
  medianRaw: number;
  /** SDK/raw requests per second: the median over the pairs, its spread, and the median of each run. */
  medianRatio: number;
  ratioSpread: Spread;
  runRatios: number[];
  /** Raw/SDK client CPU per request (the load-insensitive figure): median over the pairs, spread. */
  medianCpuRatio: number;
  cpuRatioSpread: Spread;
  /** CPU time per request of this process (the client) and of the emulator process, by side. */
  clientCpuUsPerRequest: Record<Side, number>;
  serverCpuUsPerRequest: Record<Side, number>;
  /** This process's garbage-collection pauses per 1,000 requests, by side. */
  gcMsPerThousand: Record<Side, number>;
  /** Cores other processes kept busy during the measurement, on average. */
  otherCores: number;
  /** Median SDK/raw of the half of the pairs with the least other load, and of the busier half. */
  quietHalfRatio: number;
  busyHalfRatio: number;
}

export interface ThroughputResult {
  inFlight: number;
  emulator: string;
  cases: ThroughputCase[];
}

export interface ThroughputOptions {
  sliceRequests: number;
  pairs: number;
  runs: number;
  /** Unmeasured requests per case before its slices (alternating sides too), after the emulator's own. */
  warmup: number;
}

/** `--quick`: 40 pairs of 250 requests a side per case. The full run: 140 pairs (35,000 a side). */
export const QUICK: ThroughputOptions = { sliceRequests: 250, pairs: 40, runs: 4, warmup: 6_000 };
export const FULL: ThroughputOptions = { sliceRequests: 250, pairs: 140, runs: 7, warmup: 20_000 };

const BRIDGES = 20;

const spread = (values: number[]): Spread => ({
  p10: round(quantile(values, 0.1), 3),
  p25: round(quantile(values, 0.25), 3),
  p75: round(quantile(values, 0.75), 3),
  p90: round(quantile(values, 0.9), 3),
});

function summarize(call: string, pairs: SlicePair[], opts: ThroughputOptions): ThroughputCase {
  const ratios = pairs.map((p) => p.raw.ms / p.sdk.ms); // equal request counts: the rate ratio
  const cpuRatios = pairs.map((p) => p.raw.clientCpuUs / p.sdk.clientCpuUs);
  const rate = (side: Side) => pairs.map((p) => (p[side].requests * 1000) / p[side].ms);
  const sum = (side: Side, key: "clientCpuUs" | "serverCpuUs" | "gcMs" | "requests") =>
    pairs.reduce((a, p) => a + p[side][key], 0);
  const perRequest = (side: Side, key: "clientCpuUs" | "serverCpuUs") =>
    round(sum(side, key) / sum(side, "requests"), 1);
  const perRun = Math.ceil(pairs.length / opts.runs);
  const runRatios = Array.from({ length: opts.runs }, (_, i) =>
    round(median(ratios.slice(i * perRun, (i + 1) * perRun)), 3),
  ).filter((r) => !Number.isNaN(r));
  const other = pairs.map((p) => p.sdk.otherCpuUs + p.raw.otherCpuUs);
  const wallUs = pairs.reduce((a, p) => a + (p.sdk.ms + p.raw.ms) * 1000, 0);
  const byLoad = pairs.map((_, i) => i).sort((a, b) => other[a]! - other[b]!);
  const half = Math.floor(byLoad.length / 2);
  return {
    call,
    sliceRequests: opts.sliceRequests,
    pairs: pairs.length,
    runs: opts.runs,
    medianSdk: round(median(rate("sdk")), 0),
    medianRaw: round(median(rate("raw")), 0),
    medianRatio: round(median(ratios), 3),
    ratioSpread: spread(ratios),
    runRatios,
    medianCpuRatio: round(median(cpuRatios), 3),
    cpuRatioSpread: spread(cpuRatios),
    clientCpuUsPerRequest: { sdk: perRequest("sdk", "clientCpuUs"), raw: perRequest("raw", "clientCpuUs") },
    serverCpuUsPerRequest: { sdk: perRequest("sdk", "serverCpuUs"), raw: perRequest("raw", "serverCpuUs") },
    gcMsPerThousand: {
      sdk: round((sum("sdk", "gcMs") * 1000) / sum("sdk", "requests"), 2),
      raw: round((sum("raw", "gcMs") * 1000) / sum("raw", "requests"), 2),
    },
    otherCores: round(other.reduce((a, b) => a + b, 0) / wallUs, 2),
    quietHalfRatio: round(median(byLoad.slice(0, half).map((i) => ratios[i]!)), 3),
    busyHalfRatio: round(median(byLoad.slice(half).map((i) => ratios[i]!)), 3),
  };
}

export async function runSdkThroughput(opts: ThroughputOptions): Promise<ThroughputResult> {
  // Effectively no rate limit: this measures the client, and the emulator runs in its own process.
  const emu = await startEmulatorProcess(1_000_000_000);
  try {
    const client = new VoiceClient({
      baseUrl: emu.url,
      token: emu.token,
      orgHandle: emu.orgHandle,
      maxConcurrency: IN_FLIGHT,
    });
    // A realistic detail view: a bridge with the demo account's ten numbers, among 20 bridges for the list.
    const cfg = await client.providerConfigurations.create({
      provider: "twilio",
      account_sid: "AC00000000000000000000000000000001",
      auth_token: "bench",
    });
    for (let i = 0; i < BRIDGES; i++) await client.bridges.create({ name: `Bridge ${i}`, slug: `b-${i}` });
    for (let i = 0; i < 10; i++) {
      await client.bridges.connectProvider("b-0", {
        provider_config_id: cfg.id,
        phone_number: `+1415555010${i}`,
      });
    }

    const api = new URL(client.baseUrl);
    const origin = api.origin;
    // The very pool the SDK uses (one per origin and size, process-wide).
    const pool = sharedPool(origin, IN_FLIGHT);
    const headers = {
      authorization: `Token ${emu.token}`,
      accept: "application/json",
      "org-handle": emu.orgHandle,
      "user-agent": "bench-raw",
    };
    const raw = (path: string) => async () => {
      const res = await pool.request({ origin, path: `${api.pathname}${path}`, method: "GET", headers });
      const body: unknown = await res.body.json();
      if (res.statusCode !== 200 || body === null) throw new Error(`raw GET ${path}: ${res.statusCode}`);
    };
    const calls = [
      {
        call: "bridges.retrieve (detail view, 10 numbers)",
        sdk: async () => {
          await client.bridges.retrieve("b-0");
        },
        raw: raw("/telephony/bridges/b-0/"),
      },
      {
        call: `bridges.list (${BRIDGES} bridges)`,
        sdk: async () => {
          await client.bridges.list();
        },
        raw: raw("/telephony/bridges/"),
      },
    ];

    // The emulator logs every request; clearing the log between slices keeps its heap (and its
    // garbage collector, which would land on whichever side is running) flat.
    const between = () => emu.admin.clearRequests();
    const cases: ThroughputCase[] = [];
    for (const c of calls) {
      // Both processes' JITs warm over thousands of requests, on both routes: alternate here too.
      const slices = (pairs: number) =>
        runSlicePairs({
          pairs,
          requests: opts.sliceRequests,
          inFlight: IN_FLIGHT,
          serverPid: emu.pid,
          calls: c,
          between,
          betweenEvery: 4,
        });
      await slices(Math.max(2, Math.round(opts.warmup / (2 * opts.sliceRequests))));
      await between();
      const pairs = await slices(opts.pairs);
      const result = summarize(c.call, pairs, opts);
      progress(
        `1: ${c.call}: SDK ${result.medianSdk}/s, raw ${result.medianRaw}/s, ratio ${result.medianRatio} ` +
          `(p25–p75 ${result.ratioSpread.p25}–${result.ratioSpread.p75}); client CPU ` +
          `${result.clientCpuUsPerRequest.sdk} vs ${result.clientCpuUsPerRequest.raw} µs/request ` +
          `(raw/SDK ${result.medianCpuRatio}); other load ${result.otherCores} cores`,
      );
      cases.push(result);
    }
    return { inFlight: IN_FLIGHT, emulator: "separate process (node dist/emulator/cli.js)", cases };
  } finally {
    await emu.close();
  }
}
