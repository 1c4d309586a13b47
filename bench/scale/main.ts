// `npm run bench -- --scale`: the native provider, the dynamic resources and the no-op baseline at
// N = 100 … 3,000 in one run. Writes bench/results/scale.json (and .md) and docs/bench-scale.svg, and
// prints the markdown; a run stopped early (`--scale-max`, or BENCH_SCALE_MAX) writes *.tmp files only.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../../scripts/tools/engine";
import { sampleLoad } from "../harness/load-sampler";
import { describeMachine } from "../harness/machine";
import { progress } from "../harness/stats";
import { renderScaleChart } from "./chart";
import { type ProviderScaleResult, runProviderScale, type ScaleStep, SIDES } from "./providers";
import { renderScaleReport } from "./report";
import type { ScaleBenchResults } from "./results";

/** The sizes of the comparison. */
const SCALE_NS = [100, 300, 1_000, 3_000];

/**
 * The steps of a full run, in the order they run: the three sides at each N with the engine's
 * defaults, then with the file backend's checkpoints skipped at the two largest N. At N = 3,000 the
 * run with checkpoints comes last: it is the longest, and one stopped early keeps the rest.
 */
const SCALE_STEPS: readonly ScaleStep[] = [
  ...SCALE_NS.filter((n) => n < 3_000).map((n) => ({ n, mode: "checkpoints" as const, sides: SIDES })),
  { n: 1_000, mode: "skipCheckpoints", sides: SIDES },
  { n: 3_000, mode: "skipCheckpoints", sides: SIDES },
  { n: 3_000, mode: "checkpoints", sides: SIDES },
];

const RESULTS = path.join(repoRoot, "bench", "results");
const FULL = {
  json: path.join(RESULTS, "scale.json"),
  md: path.join(RESULTS, "scale.md"),
  svg: path.join(repoRoot, "docs", "bench-scale.svg"),
};
const PARTIAL = {
  json: path.join(RESULTS, "scale-partial.json.tmp"),
  md: path.join(RESULTS, "scale-partial.md.tmp"),
  svg: path.join(RESULTS, "scale-partial.svg.tmp"),
};

/** The markdown and the chart of `results`, written beside its JSON; answers the markdown. */
async function render(results: ScaleBenchResults, files: typeof FULL): Promise<string> {
  const report = renderScaleReport(results);
  await writeFile(files.md, `${report}\n`);
  await writeFile(files.svg, renderScaleChart(results.scale));
  return report;
}

/** Renders bench/results/scale.json again (after a run was stopped early, or the report changed). */
export async function renderScaleMain(): Promise<void> {
  const results = JSON.parse(await readFile(FULL.json, "utf8")) as ScaleBenchResults;
  process.stdout.write(`${await render(results, FULL)}\n`);
}

/**
 * Runs the comparison up to N = `max` (the whole of SCALE_STEPS without one); the JSON is rewritten
 * after every side, so a run stopped early keeps its figures (`--scale-render` then renders them).
 */
export async function runScaleMain(maxArg?: number): Promise<void> {
  const env = process.env.BENCH_SCALE_MAX;
  const max = maxArg ?? (env === undefined ? Number.POSITIVE_INFINITY : Number(env));
  if (Number.isNaN(max)) throw new Error("--scale-max (or BENCH_SCALE_MAX) must be a number");
  const steps = SCALE_STEPS.filter((s) => s.n <= max);
  if (steps.length === 0) throw new Error(`no N ≤ ${max} among ${SCALE_NS.join(", ")}`);
  const full = steps.length === SCALE_STEPS.length;
  const files = full ? FULL : PARTIAL;
  const started = new Date();
  const machine = await describeMachine();
  const parallel = 4 * os.availableParallelism();
  progress(
    `${machine.cores} cores, load average ${machine.loadAverageAtStart}, engine parallelism ${parallel}`,
  );
  const load = sampleLoad();
  const results = (scale: ProviderScaleResult, complete: boolean): ScaleBenchResults => ({
    command: full ? "npm run bench -- --scale" : `npm run bench -- --scale-max ${max}`,
    startedAt: started.toISOString(),
    durationS: Math.round((Date.now() - started.getTime()) / 1000),
    complete,
    machine,
    load: load.peek(),
    scale,
  });
  await mkdir(RESULTS, { recursive: true });
  const scale = await runProviderScale({
    steps,
    parallel,
    saved: (partial) => writeFile(files.json, `${JSON.stringify(results(partial, false), null, 2)}\n`),
  });
  const final = results(scale, true);
  load.stop();
  await writeFile(files.json, `${JSON.stringify(final, null, 2)}\n`);
  process.stdout.write(`${await render(final, files)}\n`);
  progress(
    `done in ${final.durationS} s; results in ${path.relative(repoRoot, files.json)}, chart in ${path.relative(repoRoot, files.svg)}`,
  );
}
