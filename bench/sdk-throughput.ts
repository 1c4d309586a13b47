// Benchmark 1: SDK throughput against raw undici over the same keep-alive pool, 16 requests in flight.
// The SDK adds, per call: argument checks, headers, the in-flight semaphore, the rate-limit ticket,
// JSON parsing, envelope and record validation (zod). The raw side sends the same request on the same
// pool and parses the JSON, validating nothing.
import { readFileSync } from "node:fs";
import { VoiceClient } from "../sdk";
import { sharedPool } from "../sdk/core/wire";
import { startEmulatorProcess } from "./emulator-process";
import { drive, median, progress, round } from "./stats";

export const IN_FLIGHT = 16;

export interface ThroughputCase {
  call: string;
  requestsPerRun: number;
  runs: number;
  /** Requests per second of each run, in order. */
  sdk: number[];
  raw: number[];
  /** SDK/raw of each run pair (the two sides alternate, so a pair shares the machine's weather). */
  ratios: number[];
  medianSdk: number;
  medianRaw: number;
  medianRatio: number;
  /** CPU time per request of this process (the client) and of the emulator process, by side. */
  clientCpuUsPerRequest: Record<Side, number>;
  serverCpuUsPerRequest: Record<Side, number>;
}

type Side = "sdk" | "raw";
interface SideTotals {
  ms: number;
  clientCpuUs: number;
  serverCpuUs: number;
}

/** Each run alternates the two sides this many times. */
const SLICES = 10;

/** User + system CPU µs of a process so far (Linux /proc; 0 elsewhere). */
function processCpuUs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / 100); // clock ticks of 10 ms
  } catch {
    return 0;
  }
}

export interface ThroughputResult {
  inFlight: number;
  emulator: string;
  cases: ThroughputCase[];
}

const BRIDGES = 20;

export async function runSdkThroughput(opts: {
  requests: number;
  runs: number;
  warmup: number;
}): Promise<ThroughputResult> {
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

    const cases: ThroughputCase[] = [];
    // The emulator's own JIT warms over tens of thousands of requests: measure only after that.
    await drive(opts.warmup, IN_FLIGHT, calls[0]!.raw);
    for (const c of calls) {
      await drive(opts.warmup / 4, IN_FLIGHT, c.sdk);
      await drive(opts.warmup / 4, IN_FLIGHT, c.raw);
      const runs: Record<Side, SideTotals>[] = [];
      for (let run = 0; run < opts.runs; run++) {
        await emu.admin.clearRequests(); // the emulator logs every request; keep its memory flat
        const totals: Record<Side, SideTotals> = {
          sdk: { ms: 0, clientCpuUs: 0, serverCpuUs: 0 },
          raw: { ms: 0, clientCpuUs: 0, serverCpuUs: 0 },
        };
        // Short alternating slices, so both sides meet the same machine (other load, the server's mood).
        const slice = Math.ceil(opts.requests / SLICES);
        for (let i = 0; i < SLICES; i++) {
          for (const side of i % 2 === 0 ? (["sdk", "raw"] as const) : (["raw", "sdk"] as const)) {
            const cpu = process.cpuUsage();
            const server = processCpuUs(emu.pid);
            const rate = await drive(slice, IN_FLIGHT, c[side]);
            const used = process.cpuUsage(cpu);
            totals[side].ms += (slice * 1000) / rate;
            totals[side].clientCpuUs += used.user + used.system;
            totals[side].serverCpuUs += processCpuUs(emu.pid) - server;
          }
        }
        runs.push(totals);
      }
      const perRun = (side: Side) =>
        runs.map((t) => (SLICES * Math.ceil(opts.requests / SLICES) * 1000) / t[side].ms);
      const sdk = perRun("sdk");
      const rawRates = perRun("raw");
      const ratios = sdk.map((v, i) => v / rawRates[i]!);
      const requests = opts.runs * SLICES * Math.ceil(opts.requests / SLICES);
      const cpu = (side: Side, key: "clientCpuUs" | "serverCpuUs") =>
        round(runs.reduce((a, t) => a + t[side][key], 0) / requests, 1);
      const result: ThroughputCase = {
        call: c.call,
        requestsPerRun: opts.requests,
        runs: opts.runs,
        sdk: sdk.map((v) => round(v, 0)),
        raw: rawRates.map((v) => round(v, 0)),
        ratios: ratios.map((v) => round(v, 3)),
        medianSdk: round(median(sdk), 0),
        medianRaw: round(median(rawRates), 0),
        medianRatio: round(median(ratios), 3),
        clientCpuUsPerRequest: { sdk: cpu("sdk", "clientCpuUs"), raw: cpu("raw", "clientCpuUs") },
        serverCpuUsPerRequest: { sdk: cpu("sdk", "serverCpuUs"), raw: cpu("raw", "serverCpuUs") },
      };
      progress(
        `1: ${c.call}: SDK ${result.medianSdk}/s, raw ${result.medianRaw}/s, ratio ${result.medianRatio}; ` +
          `client CPU ${result.clientCpuUsPerRequest.sdk} vs ${result.clientCpuUsPerRequest.raw} µs/request`,
      );
      cases.push(result);
    }
    return { inFlight: IN_FLIGHT, emulator: "separate process (node dist/emulator/cli.js)", cases };
  } finally {
    await emu.close();
  }
}
