// The set form at scale: each bridge's numbers as one `BridgeNumbers`, on the native plugin, on this
// package's dynamic resources and as a YAML program on the plugin, through the real engine against
// one emulator per step: create, no-op preview, refresh, the adopting `up` of the exported
// organization, destroy; the requests each makes, and where the Node.js processes' memory goes.
// The per-link form runs the same operations at N = 1,000 for its request counts.

import type { EstateSpec, Mix } from "../../estate/estate";
import { MODE_ENV, type Mode } from "../harness/checkpoint-mode";
import { alternatePreviews, type PreviewAlternation } from "../harness/preview-checkpoints";
import { nodeOptionsEnv, type ProbedOp, probedRun } from "../harness/probed-run";
import { BENCH_RATE_LIMIT, rotated, withSeededEmulator } from "../harness/seeded-emulator";
import { benchStack, type OpMeasure, type StateSize, type Target } from "../harness/stack";
import { progress } from "../harness/stats";
import { type AdoptRun, adoptExported } from "./adopt-export";
import { linkEstate, type SetEstateShape, setEstate, setMixOf, shapeLabel } from "./estate";

/** `voice`: the dynamic resources; `native`: the plugin from a Node.js program; `yaml`: the plugin from a YAML program. */
export type SetSide = "native" | "voice" | "yaml";
/** Numbers as one set per bridge, or one `BridgeNumber` each. */
export type Form = "sets" | "links";

export interface SetStep {
  shape: SetEstateShape;
  form: Form;
  mode: Mode;
  sides: readonly SetSide[];
  /** Alternate no-op previews with and without checkpoints skipped on these sides. */
  previewAlternation?: readonly SetSide[];
}

/** An operation's figures with the memory breakdown of its Node.js processes. */
export type SetOp = ProbedOp;

export interface SetSideRun {
  up: SetOp;
  preview: SetOp;
  refresh: SetOp;
  adopt: AdoptRun & { up: SetOp };
  destroy: SetOp;
  state: StateSize;
  previewAlternation?: PreviewAlternation;
}

export interface SetPoint {
  shape: SetEstateShape;
  form: Form;
  mode: Mode;
  mix: Mix;
  /** Resources the program declares. */
  declared: number;
  order: SetSide[];
  sides: Partial<Record<SetSide, SetSideRun>>;
}

export interface SetsScaleResult {
  parallel: number;
  /** `NODE_OPTIONS` the engine's Node.js processes were started with, if any. */
  nodeOptions?: string;
  rateLimit: number;
  points: SetPoint[];
}

const declaredOf = (s: EstateSpec) =>
  s.configurations.length + s.bridges.length + s.numbers.length + (s.sets?.length ?? 0) + s.trunks.length;

function check<T extends OpMeasure>(label: string, m: T): T {
  if (m.error || m.failedOperations > 0) {
    throw new Error(`${label} failed (${m.failedOperations} failed operations): ${m.error ?? ""}`);
  }
  return m;
}

async function runSide(
  target: Target,
  step: SetStep,
  side: SetSide,
  parallel: number,
  nodeOptions: string | undefined,
): Promise<SetSideRun> {
  const env = { ...MODE_ENV[step.mode], ...nodeOptionsEnv(nodeOptions) };
  const name = `${side}-${step.form}-${step.shape.kind}-${step.shape.size}-${step.mode}`;
  const provider = side === "voice" ? "voice" : "native";
  const spec = step.form === "sets" ? setEstate(step.shape, provider) : linkEstate(step.shape, provider);
  const stack = await benchStack(target, name, parallel, {
    native: side !== "voice",
    yaml: side === "yaml",
    env,
  });
  const label = `${side} ${step.form} ${shapeLabel(step.shape)}${step.mode === "skipCheckpoints" ? " (checkpoints skipped)" : ""}`;
  try {
    await stack.declare(spec);
    const up = check(`${label} up`, await probedRun(stack, "up"));
    progress(`  ${label}: up ${up.ms} ms, ${up.requests} requests`);
    const preview = check(`${label} preview`, await probedRun(stack, "preview"));
    const previewAlternation = step.previewAlternation?.includes(side)
      ? await alternatePreviews(stack, probedRun)
      : undefined;
    const refresh = check(`${label} refresh`, await probedRun(stack, "refresh"));
    const state = await stack.stateSize();
    const adopt = await adoptExported(target, {
      language: side === "voice" ? "typescript" : "yaml",
      perLink: step.form === "links",
      parallel,
      env,
      runOp: probedRun,
    });
    const destroy = check(`${label} destroy`, await probedRun(stack, "destroy"));
    progress(
      `  ${label}: preview ${preview.ms} ms, refresh ${refresh.ms} ms, adopting up ${adopt.up.ms} ms ` +
        `(${adopt.writes} writes), destroy ${destroy.ms} ms; provider peak ${up.rss?.providerMb ?? "?"} MB`,
    );
    return {
      up,
      preview,
      refresh,
      adopt,
      destroy,
      state,
      ...(previewAlternation ? { previewAlternation } : {}),
    };
  } finally {
    await stack.cleanup();
  }
}

/** Each step in turn, one emulator per step; `saved` after every side, so a run stopped early keeps its figures. */
export async function runSetsScale(opts: {
  steps: readonly SetStep[];
  parallel: number;
  nodeOptions?: string | undefined;
  saved?: (partial: SetsScaleResult) => Promise<void>;
}): Promise<SetsScaleResult> {
  const result: SetsScaleResult = {
    parallel: opts.parallel,
    ...(opts.nodeOptions ? { nodeOptions: opts.nodeOptions } : {}),
    rateLimit: BENCH_RATE_LIMIT,
    points: [],
  };
  for (const [i, step] of opts.steps.entries()) {
    const order = rotated(step.sides, i);
    progress(`${step.form} ${shapeLabel(step.shape)}, ${step.mode}: ${order.join(", ")}`);
    const spec = step.form === "sets" ? setEstate(step.shape, "native") : linkEstate(step.shape, "native");
    const point: SetPoint = {
      shape: step.shape,
      form: step.form,
      mode: step.mode,
      mix: setMixOf(step.shape),
      declared: declaredOf(spec),
      order,
      sides: {},
    };
    result.points.push(point);
    await withSeededEmulator(point.mix.numbers, async (target) => {
      for (const side of order) {
        point.sides[side] = await runSide(target, step, side, opts.parallel, opts.nodeOptions);
        await opts.saved?.(result);
      }
    });
  }
  return result;
}
