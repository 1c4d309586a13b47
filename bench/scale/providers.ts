// The native provider plugin against this package's dynamic resources and the no-op dynamic baseline
// at growing N: `up`, `refresh` and `destroy` of the same estate through the real engine, the state
// each leaves and the peak memory of each side's provider process, all three sides in one run
// against one emulator per N. Optionally the same with the file backend's checkpoints turned off.
import { estate, type Mix, mixOf, type ProviderKind } from "../../estate/estate";
import { MODE_ENV, type Mode } from "../harness/checkpoint-mode";
import { BENCH_RATE_LIMIT, rotated, withSeededEmulator } from "../harness/seeded-emulator";
import { benchStack, type OpMeasure, type StateSize, type Target } from "../harness/stack";
import { progress } from "../harness/stats";

/** The three sides, baseline first; `voice` is the package's dynamic resources. */
export const SIDES = ["noop", "voice", "native"] as const satisfies readonly ProviderKind[];
export type Side = (typeof SIDES)[number];

export interface SideRun {
  up: OpMeasure;
  refresh: OpMeasure;
  destroy: OpMeasure;
  state: StateSize;
}

export interface ProviderScalePoint {
  n: number;
  mix: Mix;
  mode: Mode;
  /** The order the sides ran in (rotated from one N to the next, so no side always runs first). */
  order: Side[];
  /** The sides that ran (a run stopped early keeps what it finished). */
  sides: Partial<Record<Side, SideRun>>;
}

export interface ProviderScaleResult {
  parallel: number;
  /** The emulator's per-token limit for these runs: raised so the platform's pacing is not measured. */
  rateLimit: number;
  points: ProviderScalePoint[];
}

/** One (N, mode) of a run and the sides it compares. */
export interface ScaleStep {
  n: number;
  mode: Mode;
  sides: readonly Side[];
}

function check(label: string, m: OpMeasure): OpMeasure {
  if (m.error || m.failedOperations > 0) {
    throw new Error(`${label} failed (${m.failedOperations} failed operations): ${m.error ?? ""}`);
  }
  return m;
}

/** up, refresh, state export, destroy of one side: a fresh stack in a fresh directory. */
async function runSide(
  target: Target,
  side: Side,
  n: number,
  mode: Mode,
  parallel: number,
): Promise<SideRun> {
  const stack = await benchStack(target, `${side}-${n}-${mode}`, parallel, {
    native: side === "native",
    env: MODE_ENV[mode],
  });
  try {
    await stack.declare(estate(n, side));
    const label = `${side} N = ${n}${mode === "skipCheckpoints" ? " (checkpoints skipped)" : ""}`;
    const up = check(`${label} up`, await stack.run("up", { rss: true }));
    const refresh = check(`${label} refresh`, await stack.run("refresh", { rss: true }));
    const state = await stack.stateSize();
    const destroy = check(`${label} destroy`, await stack.run("destroy", { rss: true }));
    progress(
      `  ${label}: up ${up.ms} ms, refresh ${refresh.ms} ms, destroy ${destroy.ms} ms; ` +
        `${state.bytesPerDeclared} B/resource; provider peak ${up.rss?.providerMb ?? "?"} MB`,
    );
    return { up, refresh, destroy, state };
  } finally {
    await stack.cleanup();
  }
}

/**
 * Each step in turn: one emulator seeded for N, then its sides one after another. `saved` is called
 * after every side, so a run stopped early keeps what it measured.
 */
export async function runProviderScale(opts: {
  steps: readonly ScaleStep[];
  parallel: number;
  saved?: (partial: ProviderScaleResult) => Promise<void>;
}): Promise<ProviderScaleResult> {
  const result: ProviderScaleResult = { parallel: opts.parallel, rateLimit: BENCH_RATE_LIMIT, points: [] };
  for (const [i, { n, mode, sides }] of opts.steps.entries()) {
    const order = rotated(sides, i);
    progress(`N = ${n}, ${mode}: ${order.join(", ")}`);
    const point: ProviderScalePoint = { n, mix: mixOf(n), mode, order, sides: {} };
    result.points.push(point);
    await withSeededEmulator(n, async (target) => {
      for (const side of order) {
        point.sides[side] = await runSide(target, side, n, mode, opts.parallel);
        await opts.saved?.(result);
      }
    });
  }
  return result;
}
