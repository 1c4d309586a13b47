// `npm run bench -- --scale-sets`: the set form at N = 1,000 and at 10,000 numbers (bench/sets/scale.ts),
// with the per-link form's requests at N = 1,000 beside it. Writes bench/results/scale-sets.json (and
// .md) and prints the markdown; `--scale-sets-max M` caps every estate at M numbers (or N = M) and
// writes bench/results/scale-sets-partial.*.tmp instead; `--scale-sets-native` runs only the native
// plugin on the 10,000-number organization (checkpoints skipped), for its memory, into
// bench/results/scale-sets-native.*.tmp, and `--scale-sets-dynamic` the dynamic resources alike, into
// bench/results/scale-sets-dynamic.*.tmp.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../../scripts/tools/engine";
import { sampleLoad } from "../harness/load-sampler";
import { describeMachine } from "../harness/machine";
import { progress } from "../harness/stats";
import { measureMemoryFloor } from "./memory-floor";
import { renderSetsReport } from "./report";
import type { SetsBenchResults } from "./results";
import { runSetsScale, type SetStep, type SetsScaleResult } from "./scale";

const MIX = { kind: "mix", size: 1_000 } as const;
const ORGANIZATION = { kind: "organization", size: 10_000 } as const;

/**
 * The steps in the order they run, the figures most wanted first (the JSON is rewritten after every
 * side, so a run stopped early keeps them): N = 1,000 as sets, the 10,000-number organization with
 * checkpoints skipped, the per-link form at N = 1,000 (with previews alternating checkpoints on and
 * off), then both estates with checkpoints.
 */
const SET_STEPS: readonly SetStep[] = [
  { shape: MIX, form: "sets", mode: "skipCheckpoints", sides: ["native", "voice"] },
  { shape: ORGANIZATION, form: "sets", mode: "skipCheckpoints", sides: ["native", "voice", "yaml"] },
  {
    shape: MIX,
    form: "links",
    mode: "skipCheckpoints",
    sides: ["native", "voice"],
    previewAlternation: ["native", "voice"],
  },
  { shape: ORGANIZATION, form: "sets", mode: "checkpoints", sides: ["native", "voice", "yaml"] },
  { shape: MIX, form: "sets", mode: "checkpoints", sides: ["native", "voice"] },
];

const RESULTS = path.join(repoRoot, "bench", "results");
const FULL = { json: path.join(RESULTS, "scale-sets.json"), md: path.join(RESULTS, "scale-sets.md") };
const PARTIAL = {
  json: path.join(RESULTS, "scale-sets-partial.json.tmp"),
  md: path.join(RESULTS, "scale-sets-partial.md.tmp"),
};

/** A side run alone on the 10,000-number organization (checkpoints skipped): its memory, in minutes rather than an hour. */
export type SoloSide = "native" | "voice";

const SOLO: Record<SoloSide, { flag: string; files: { json: string; md: string } }> = {
  native: {
    flag: "--scale-sets-native",
    files: {
      json: path.join(RESULTS, "scale-sets-native.json.tmp"),
      md: path.join(RESULTS, "scale-sets-native.md.tmp"),
    },
  },
  voice: {
    flag: "--scale-sets-dynamic",
    files: {
      json: path.join(RESULTS, "scale-sets-dynamic.json.tmp"),
      md: path.join(RESULTS, "scale-sets-dynamic.md.tmp"),
    },
  },
};

/** The steps of a side run alone. */
const soloSteps = (side: SoloSide): readonly SetStep[] => [
  { shape: ORGANIZATION, form: "sets", mode: "skipCheckpoints", sides: [side] },
];

/** Renders bench/results/scale-sets.json again. */
export async function renderSetsMain(): Promise<void> {
  const results = JSON.parse(await readFile(FULL.json, "utf8")) as SetsBenchResults;
  const report = renderSetsReport(results);
  await writeFile(FULL.md, `${report}\n`);
  process.stdout.write(`${report}\n`);
}

/** Runs SET_STEPS (only `solo`'s steps when given), every estate capped at `max` numbers when given. */
export async function runSetsMain(max?: number, solo?: SoloSide, nodeOptions?: string): Promise<void> {
  if (max !== undefined && !(max >= 10)) throw new Error("--scale-sets-max must be a number ≥ 10");
  const all = solo ? soloSteps(solo) : SET_STEPS;
  const steps =
    max === undefined
      ? all
      : all.map((s) => ({ ...s, shape: { ...s.shape, size: Math.min(s.shape.size, max) } }));
  const files = solo ? SOLO[solo].files : max === undefined ? FULL : PARTIAL;
  const started = new Date();
  const machine = await describeMachine();
  const parallel = 4 * os.availableParallelism();
  progress(
    `sets: ${machine.cores} cores, load average ${machine.loadAverageAtStart}, engine parallelism ${parallel}`,
  );
  const load = sampleLoad();
  progress("memory floor: a one-bridge program on each side");
  const floors = await measureMemoryFloor(solo ? [solo] : ["native", "voice", "yaml"], parallel, nodeOptions);
  const results = (sets: SetsScaleResult, complete: boolean): SetsBenchResults => ({
    command:
      (solo
        ? `npm run bench -- ${SOLO[solo].flag}`
        : max === undefined
          ? "npm run bench -- --scale-sets"
          : `npm run bench -- --scale-sets-max ${max}`) +
      (nodeOptions ? ` --node-options="${nodeOptions}"` : ""),
    startedAt: started.toISOString(),
    durationS: Math.round((Date.now() - started.getTime()) / 1000),
    complete,
    machine,
    load: load.peek(),
    floors,
    sets,
  });
  await mkdir(RESULTS, { recursive: true });
  const sets = await runSetsScale({
    steps,
    parallel,
    nodeOptions,
    saved: (partial) => writeFile(files.json, `${JSON.stringify(results(partial, false), null, 2)}\n`),
  });
  const final = results(sets, true);
  load.stop();
  await writeFile(files.json, `${JSON.stringify(final, null, 2)}\n`);
  const report = renderSetsReport(final);
  await writeFile(files.md, `${report}\n`);
  process.stdout.write(`${report}\n`);
  progress(`sets done in ${final.durationS} s; results in ${path.relative(repoRoot, files.json)}`);
}
