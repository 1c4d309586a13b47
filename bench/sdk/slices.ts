// Benchmark 1's measurement: the SDK and raw undici in short alternating slices, so that each
// pair of slices meets the same machine. On a shared machine the wall-clock rate of a 50 ms slice
// swings with whatever else is scheduled (other processes, the emulator's own garbage collector);
// a ratio of long runs inherits every stall of one side, while the median of many adjacent pairs
// does not. Beside the rates, each slice records the CPU this process and the emulator used, the
// CPU every other process on the machine used, and this process's garbage-collection pauses.
import { readFileSync } from "node:fs";
import { PerformanceObserver, performance } from "node:perf_hooks";
import { drive } from "../harness/stats";

export type Side = "sdk" | "raw";

/** One slice: `requests` calls of one side, `inFlight` at a time. */
export interface Slice {
  side: Side;
  requests: number;
  ms: number;
  clientCpuUs: number;
  serverCpuUs: number;
  /** CPU µs of every other process on the machine while the slice ran (from /proc/stat). */
  otherCpuUs: number;
  /** This process's garbage-collection pauses that started during the slice. */
  gcMs: number;
}

/** An SDK slice and the raw slice next to it (the order alternates from pair to pair). */
export interface SlicePair {
  sdk: Slice;
  raw: Slice;
}

/** Linux reports /proc times in USER_HZ, 100 per second on every architecture Node supports. */
const TICK_US = 10_000;

/** User + system CPU µs of a process so far (Linux /proc; 0 elsewhere). */
function processCpuUs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

/** Busy CPU µs of the whole machine so far (all cores; idle and iowait excluded), or 0 off Linux. */
function machineBusyUs(): number {
  try {
    const cpu = readFileSync("/proc/stat", "utf8")
      .split("\n", 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
    return (total - cpu[3]! - cpu[4]!) * TICK_US;
  } catch {
    return 0;
  }
}

/**
 * Runs `pairs` pairs of slices of `requests` calls each, alternating which side goes first, and
 * calls `between` (untimed) after every `betweenEvery` pairs.
 */
export async function runSlicePairs(opts: {
  pairs: number;
  requests: number;
  inFlight: number;
  serverPid: number;
  calls: Record<Side, () => Promise<unknown>>;
  between?: () => Promise<void>;
  betweenEvery?: number;
}): Promise<SlicePair[]> {
  const gcs: { start: number; ms: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, ms: e.duration });
  });
  observer.observe({ entryTypes: ["gc"] });
  const windows: { slice: Slice; from: number; to: number }[] = [];
  const pairs: SlicePair[] = [];
  try {
    for (let i = 0; i < opts.pairs; i++) {
      if (opts.between && i > 0 && i % (opts.betweenEvery ?? 1) === 0) await opts.between();
      const order: Side[] = i % 2 === 0 ? ["sdk", "raw"] : ["raw", "sdk"];
      const done: Partial<Record<Side, Slice>> = {};
      for (const side of order) {
        const from = performance.now();
        const cpu = process.cpuUsage();
        const server = processCpuUs(opts.serverPid);
        const machine = machineBusyUs();
        await drive(opts.requests, opts.inFlight, opts.calls[side]);
        const used = process.cpuUsage(cpu);
        const to = performance.now();
        const clientCpuUs = used.user + used.system;
        const serverCpuUs = processCpuUs(opts.serverPid) - server;
        const slice: Slice = {
          side,
          requests: opts.requests,
          ms: to - from,
          clientCpuUs,
          serverCpuUs,
          // /proc/stat counts in 10 ms ticks, so one slice's figure is coarse; sums over many are not.
          otherCpuUs: machineBusyUs() - machine - clientCpuUs - serverCpuUs,
          gcMs: 0,
        };
        windows.push({ slice, from, to });
        done[side] = slice;
      }
      pairs.push({ sdk: done.sdk!, raw: done.raw! });
    }
    // GC entries arrive asynchronously: give the observer a turn, then place each pause in its slice.
    await new Promise((resolve) => setImmediate(resolve));
    for (const e of observer.takeRecords()) gcs.push({ start: e.startTime, ms: e.duration });
    for (const gc of gcs) {
      const w = windows.find((x) => gc.start >= x.from && gc.start < x.to);
      if (w) w.slice.gcMs += gc.ms;
    }
  } finally {
    observer.disconnect();
  }
  return pairs;
}
