// Benchmarks 2, 3, 4, 5 and 7: the real engine applying and destroying N resources with this package's
// provider and with the no-op baseline, the same with 50 ms of latency per request, the requests each
// operation makes, the state it leaves, and the peak memory of the engine's Node processes.
import { AdminClient, startEmulator } from "../../emulator";
import { estate, inventorySeed, type Mix, mixOf } from "../../estate/estate";
import type { PeakRss } from "../harness/rss";
import { type BenchStack, benchStack, type OpMeasure, type StateSize, type Target } from "../harness/stack";
import { median, progress, round } from "../harness/stats";

export const LATENCY_MS = 50;

export interface SideRuns {
  up: OpMeasure[];
  destroy: OpMeasure[];
}

export interface ScaleResult {
  n: number;
  mix: Mix;
  parallel: number;
  reps: number;
  ours: SideRuns & { preview: OpMeasure; refresh: OpMeasure; state: StateSize };
  noop: SideRuns & { state: StateSize };
  latency: SideRuns & { msPerRequest: number };
  summary: {
    oursUpMs: number;
    oursDestroyMs: number;
    noopUpMs: number;
    noopDestroyMs: number;
    /** (up + destroy) ours / (up + destroy) no-op, medians. */
    upDestroyRatio: number;
    upRatio: number;
    destroyRatio: number;
    latencyUpMs: number;
    latencyDestroyMs: number;
    /** N × latency / parallelism. */
    floorMs: number;
    /** Latency up / floor. */
    latencyRatio: number;
    /** (latency up − up without latency) / floor: what the latency itself added. */
    latencyAddedRatio: number;
    requests: { preview: number; refresh: number; up: number; destroy: number };
    peakRss: {
      oursProgramMb: number | null;
      oursProviderMb: number | null;
      noopProgramMb: number | null;
      noopProviderMb: number | null;
    };
  };
}

const maxOf = (values: (number | null | undefined)[]): number | null => {
  const known = values.filter((v): v is number => typeof v === "number");
  return known.length ? Math.max(...known) : null;
};

function peak(runs: OpMeasure[], key: keyof Pick<PeakRss, "programMb" | "providerMb">): number | null {
  return maxOf(runs.map((r) => r.rss?.[key]));
}

function check(op: string, m: OpMeasure): OpMeasure {
  if (m.error || m.failedOperations > 0) {
    throw new Error(`${op} failed (${m.failedOperations} failed operations): ${m.error ?? ""}`);
  }
  return m;
}

async function upDestroy(side: BenchStack, label: string, runs: SideRuns): Promise<void> {
  const up = check(`${label} up`, await side.run("up", { rss: true }));
  runs.up.push(up);
  progress(`  ${label} up ${up.ms} ms, ${up.requests} requests`);
  const destroy = check(`${label} destroy`, await side.run("destroy", { rss: true }));
  runs.destroy.push(destroy);
  progress(`  ${label} destroy ${destroy.ms} ms, ${destroy.requests} requests`);
}

/** Runs the engine benchmarks at each N; the two sides alternate which goes first in each repetition. */
export async function runScale(opts: {
  ns: number[];
  reps: number;
  parallel: number;
}): Promise<ScaleResult[]> {
  const results: ScaleResult[] = [];
  for (const n of opts.ns) {
    const emulator = await startEmulator({ port: 0, rateLimit: 1_000_000_000 });
    const admin = new AdminClient(emulator.url);
    const target: Target = { url: emulator.url, token: emulator.token, orgHandle: emulator.orgHandle, admin };
    const ours = await benchStack(target, `ours-${n}`, opts.parallel);
    const noop = await benchStack(target, `noop-${n}`, opts.parallel);
    try {
      await admin.seed(inventorySeed(n));
      await ours.declare(estate(n, "voice"));
      await noop.declare(estate(n, "noop"));
      const oursRuns: SideRuns = { up: [], destroy: [] };
      const noopRuns: SideRuns = { up: [], destroy: [] };
      const latencyRuns: SideRuns = { up: [], destroy: [] };
      let preview: OpMeasure | undefined;
      let refresh: OpMeasure | undefined;
      let oursState: StateSize | undefined;
      let noopState: StateSize | undefined;
      for (let rep = 0; rep < opts.reps; rep++) {
        progress(`N = ${n}, repetition ${rep + 1}/${opts.reps}`);
        for (const side of rep % 2 === 0 ? ["noop", "ours"] : ["ours", "noop"]) {
          if (side === "noop") {
            await upDestroy(noop, "no-op", noopRuns);
            if (rep === 0) {
              // State of the baseline, for comparison: up again, export, destroy (not timed).
              check("no-op up", await noop.run("up"));
              noopState = await noop.stateSize();
              check("no-op destroy", await noop.run("destroy"));
            }
            continue;
          }
          if (rep === 0) {
            // The request-count and state figures need the estate in place between up and destroy.
            const up = check("up", await ours.run("up", { rss: true }));
            oursRuns.up.push(up);
            progress(`  ours up ${up.ms} ms, ${up.requests} requests`);
            preview = check("preview", await ours.run("preview", { rss: true }));
            refresh = check("refresh", await ours.run("refresh", { rss: true }));
            oursState = await ours.stateSize();
            progress(`  ours preview ${preview.requests} requests, refresh ${refresh.requests} requests`);
            const destroy = check("destroy", await ours.run("destroy", { rss: true }));
            oursRuns.destroy.push(destroy);
            progress(`  ours destroy ${destroy.ms} ms, ${destroy.requests} requests`);
          } else {
            await upDestroy(ours, "ours", oursRuns);
          }
        }
        await admin.addFault({ kind: "latency", ms: LATENCY_MS, times: 0 });
        await upDestroy(ours, `ours +${LATENCY_MS} ms`, latencyRuns);
        await admin.clearFaults();
      }
      if (!preview || !refresh || !oursState || !noopState) throw new Error("no repetition ran");
      const med = (runs: OpMeasure[]) => median(runs.map((r) => r.ms));
      const floorMs = (n * LATENCY_MS) / opts.parallel;
      const summary: ScaleResult["summary"] = {
        oursUpMs: med(oursRuns.up),
        oursDestroyMs: med(oursRuns.destroy),
        noopUpMs: med(noopRuns.up),
        noopDestroyMs: med(noopRuns.destroy),
        upDestroyRatio: round(
          (med(oursRuns.up) + med(oursRuns.destroy)) / (med(noopRuns.up) + med(noopRuns.destroy)),
          2,
        ),
        upRatio: round(med(oursRuns.up) / med(noopRuns.up), 2),
        destroyRatio: round(med(oursRuns.destroy) / med(noopRuns.destroy), 2),
        latencyUpMs: med(latencyRuns.up),
        latencyDestroyMs: med(latencyRuns.destroy),
        floorMs: round(floorMs, 0),
        latencyRatio: round(med(latencyRuns.up) / floorMs, 2),
        latencyAddedRatio: round((med(latencyRuns.up) - med(oursRuns.up)) / floorMs, 2),
        requests: {
          preview: preview.requests,
          refresh: refresh.requests,
          up: Math.max(...oursRuns.up.map((r) => r.requests)),
          destroy: Math.max(...oursRuns.destroy.map((r) => r.requests)),
        },
        peakRss: {
          oursProgramMb: maxOf([
            peak(oursRuns.up, "programMb"),
            preview.rss?.programMb,
            refresh.rss?.programMb,
          ]),
          oursProviderMb: maxOf([
            peak(oursRuns.up, "providerMb"),
            peak(oursRuns.destroy, "providerMb"),
            preview.rss?.providerMb,
            refresh.rss?.providerMb,
          ]),
          noopProgramMb: peak(noopRuns.up, "programMb"),
          noopProviderMb: maxOf([peak(noopRuns.up, "providerMb"), peak(noopRuns.destroy, "providerMb")]),
        },
      };
      results.push({
        n,
        mix: mixOf(n),
        parallel: opts.parallel,
        reps: opts.reps,
        ours: { ...oursRuns, preview, refresh, state: oursState },
        noop: { ...noopRuns, state: noopState },
        latency: { ...latencyRuns, msPerRequest: LATENCY_MS },
        summary,
      });
    } finally {
      await ours.cleanup();
      await noop.cleanup();
      await emulator.close();
    }
  }
  return results;
}

/** Peak memory of a program that declares nothing: what loading `@pulumi/pulumi` alone costs. */
export async function runEmptyProgram(parallel: number): Promise<OpMeasure> {
  const emulator = await startEmulator({ port: 0 });
  const admin = new AdminClient(emulator.url);
  const target: Target = { url: emulator.url, token: emulator.token, orgHandle: emulator.orgHandle, admin };
  const empty = await benchStack(target, "empty", parallel);
  try {
    await empty.declare({ provider: "noop", configurations: [], bridges: [], numbers: [], trunks: [] });
    return check("empty up", await empty.run("up", { rss: true }));
  } finally {
    await empty.cleanup();
    await emulator.close();
  }
}
