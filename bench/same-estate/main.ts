// `npm run bench -- --opentofu` and `-- --ts-program`: a suite of bench/same-estate/suites.ts on the
// same estate (bench/same-estate/estate.ts), every side on a fresh emulator seeded the same way, the sides
// interleaved (their order rotated from one repetition to the next) so that each is measured under
// the same weather as the side it is compared with. Writes bench/results/<suite>.json (and .md), or
// <suite>-<sizes>.* when sizes are given; the JSON is rewritten after every side.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../../scripts/tools/engine";
import { sampleLoad } from "../harness/load-sampler";
import { describeMachine } from "../harness/machine";
import { rotated, withSeededEmulator } from "../harness/seeded-emulator";
import { progress } from "../harness/stats";
import { renderSameEstate, type SameEstateResults } from "./report";
import { type Op, runSide, type SideRun, sideKey, sideLabel } from "./side";
import { SUITES, type SuiteName } from "./suites";
import { RESTAPI } from "./tofu-config";
import { findTofu } from "./tofu-stack";
import { runTypeErrors } from "./ts-type-errors";

const RESULTS = path.join(repoRoot, "bench", "results");

function files(suite: SuiteName, numbers: readonly number[] | undefined) {
  const base = numbers ? `${suite}-${numbers.join("-")}` : suite;
  return { json: path.join(RESULTS, `${base}.json`), md: path.join(RESULTS, `${base}.md`) };
}

/** Renders bench/results/<suite>.json again. */
export async function renderSameEstateMain(suite: SuiteName, numbers?: readonly number[]): Promise<void> {
  const f = files(suite, numbers);
  const results = JSON.parse(await readFile(f.json, "utf8")) as SameEstateResults;
  const report = renderSameEstate(results);
  await writeFile(f.md, `${report}\n`);
  process.stdout.write(`${report}\n`);
}

/** Runs `suite` at `numbers` (its default sizes when not given), `reps` times each. */
export async function runSameEstateMain(
  suiteName: SuiteName,
  numbers: readonly number[] | undefined,
  reps: number | undefined,
): Promise<void> {
  const suite = SUITES[suiteName];
  const sizes = numbers ?? suite.defaultNumbers;
  const repetitions = reps ?? suite.defaultReps;
  if (sizes.some((n) => !(n >= 20)) || !(repetitions >= 1))
    throw new Error("--numbers takes sizes ≥ 20 (comma-separated), --reps a count ≥ 1");
  const out = files(suiteName, numbers);
  const started = new Date();
  const machine = await describeMachine();
  const parallel = 4 * os.availableParallelism();
  const load = sampleLoad();
  const found = await findTofu();
  const tofu = "missing" in found ? undefined : found;
  const wantsTofu = sizes.some((n) => suite.sides(n).some((s) => s.tool === "tofu"));
  if (wantsTofu && !tofu) progress(`skipping OpenTofu: ${"missing" in found ? found.missing : ""}`);
  progress(
    `${suiteName}: ${machine.cores} cores, load average ${machine.loadAverageAtStart}, parallelism ${parallel}` +
      (tofu ? `; OpenTofu ${tofu.version} (${tofu.tofu})` : ""),
  );
  const results: SameEstateResults = {
    command: `npm run bench -- ${suite.flag}${numbers ? ` --numbers ${numbers.join(",")}` : ""}${reps ? ` --reps ${reps}` : ""}`,
    suite: suiteName,
    startedAt: started.toISOString(),
    durationS: 0,
    complete: false,
    machine,
    load: load.peek(),
    parallel,
    tofu: tofu
      ? { version: tofu.version, restapi: RESTAPI.version }
      : { skipped: "missing" in found ? found.missing : "" },
    points: [],
  };
  await mkdir(RESULTS, { recursive: true });
  const save = async () => {
    results.durationS = Math.round((Date.now() - started.getTime()) / 1000);
    results.load = load.peek();
    await writeFile(out.json, `${JSON.stringify(results, null, 2)}\n`);
  };
  if (suiteName === "ts-program") {
    progress("where a type error surfaces: type-checked and transpile-only");
    results.typeErrors = await runTypeErrors(parallel);
    await save();
  }
  for (const n of sizes) {
    const sides = suite.sides(n).filter((s) => s.tool !== "tofu" || tofu);
    const point = {
      numbers: n,
      sides,
      ops: [...suite.ops] as Op[],
      reps: [] as { order: string[]; runs: Record<string, SideRun> }[],
    };
    results.points.push(point);
    for (let r = 0; r < repetitions; r++) {
      const order = rotated(sides, r);
      const rep = { order: order.map(sideKey), runs: {} as Record<string, SideRun> };
      point.reps.push(rep);
      for (const side of order) {
        progress(`${n} numbers, repetition ${r + 1}/${repetitions}: ${sideLabel(side)}`);
        const run = await withSeededEmulator(n, (target) =>
          runSide(side, target, n, parallel, suite.ops, tofu),
        );
        rep.runs[sideKey(side)] = run;
        progress(
          `  ${suite.ops.map((op) => `${op} ${((run.ops[op]?.ms ?? 0) / 1000).toFixed(1)} s`).join(", ")}; ` +
            `load ${run.load[0]} → ${run.load[1]}`,
        );
        await save();
      }
    }
  }
  results.complete = true;
  load.stop();
  await save();
  const report = renderSameEstate(results);
  await writeFile(out.md, `${report}\n`);
  process.stdout.write(`${report}\n`);
  progress(`${suiteName} done in ${results.durationS} s; results in ${path.relative(repoRoot, out.json)}`);
}
