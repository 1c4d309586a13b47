// `npm run bench -- --move-gap`: the move gap at N = 40, 1,000 and 10,000 in both forms. Writes
// bench/results/move-gap.json (rewritten after every point) and .md; `--quick` runs N = 40 only,
// to bench/results/move-gap-quick.*.tmp; `--move-gap-render` renders bench/results/move-gap.json again;
// `--move-gap-parallel P` runs the engine with `--parallel P` instead of its default (4 × cores).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../../scripts/tools/engine";
import { describeMachine } from "../harness/machine";
import { progress } from "../harness/stats";
import { type MoveGapPoint, runMoveGap } from "./gap";
import { type MoveGapResults, renderMoveGap } from "./report";

/** The sizes: the estate of the old figures (40 links), 1,000, and the 10,000-number organization. */
const MOVE_GAP_NS = [40, 1_000, 10_000];
/** Numbers each `up` moves. */
const MOVE_GAP_K = 10;

const RESULTS = path.join(repoRoot, "bench", "results");

/** Renders bench/results/move-gap.json again into move-gap.md (after the report changed). */
export async function renderMoveGapMain(): Promise<void> {
  const results = JSON.parse(await readFile(path.join(RESULTS, "move-gap.json"), "utf8")) as MoveGapResults;
  const report = renderMoveGap(results);
  await writeFile(path.join(RESULTS, "move-gap.md"), `${report}\n`);
  process.stdout.write(`${report}\n`);
}

/**
 * Runs the move-gap bench: every N in both forms, N = 40 only (`quick`), or the set form at `setsAt`
 * only; the engine's parallelism `engineParallel` when given, else its default (4 × cores).
 */
export async function runMoveGapMain(
  quick: boolean,
  setsAt?: number,
  engineParallel?: number,
): Promise<void> {
  if (engineParallel !== undefined && !(engineParallel >= 1))
    throw new Error("--move-gap-parallel must be a number ≥ 1");
  const started = new Date();
  const machine = await describeMachine();
  const parallel = engineParallel ?? 4 * os.availableParallelism();
  const flag = engineParallel === undefined ? "" : ` --move-gap-parallel ${engineParallel}`;
  const command =
    setsAt !== undefined
      ? `npm run bench -- --move-gap-sets ${setsAt}${flag}`
      : quick
        ? `npm run bench -- --move-gap --quick${flag}`
        : `npm run bench -- --move-gap${flag}`;
  const dir = RESULTS;
  const [json, md] =
    setsAt !== undefined
      ? ["move-gap-sets.json.tmp", "move-gap-sets.md.tmp"]
      : quick
        ? ["move-gap-quick.json.tmp", "move-gap-quick.md.tmp"]
        : ["move-gap.json", "move-gap.md"];
  await mkdir(dir, { recursive: true });
  const results = (points: MoveGapPoint[], complete: boolean): MoveGapResults => ({
    command,
    startedAt: started.toISOString(),
    durationS: Math.round((Date.now() - started.getTime()) / 1000),
    complete,
    machine,
    parallel,
    k: MOVE_GAP_K,
    points,
  });
  const write = async (r: MoveGapResults) => {
    await writeFile(path.join(dir, json), `${JSON.stringify(r, null, 2)}\n`);
    await writeFile(path.join(dir, md), `${renderMoveGap(r)}\n`);
  };
  progress(
    `${machine.cores} cores, load average ${machine.loadAverageAtStart}, engine parallelism ${parallel}`,
  );
  const points = await runMoveGap({
    ns: setsAt !== undefined ? [setsAt] : quick ? [40] : MOVE_GAP_NS,
    forms: setsAt !== undefined ? ["sets"] : ["links", "sets"],
    k: MOVE_GAP_K,
    parallel,
    roundTripSamples: quick ? 100 : 500,
    saved: (so) => write(results(so, false)),
  });
  const final = results(points, true);
  await write(final);
  process.stdout.write(`${renderMoveGap(final)}\n`);
  progress(`done in ${final.durationS} s; results in bench/results/${json}`);
}
