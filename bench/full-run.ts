// `npm run bench` with no suite named: every benchmark in one run, against the emulator over loopback
// HTTP and the real engine. Writes bench/results/latest.json (and .md) and prints the markdown table.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../scripts/tools/engine";
import { runOrganizationsScale } from "./emulator/organizations-scale";
import { describeMachine } from "./harness/machine";
import { progress, timed } from "./harness/stats";
import { type BenchSuite, given } from "./harness/suite";
import { runPluginStartup } from "./plugin/startup";
import { type BenchResults, renderReport } from "./report";
import { runEmptyProgram, runScale } from "./scale/runs";
import { runRateLimit } from "./sdk/rate-limit";
import { FULL, QUICK, runSdkThroughput } from "./sdk/throughput";

/** Benchmarks 1–9 in one run; `quick`: N = 100 once, results to .tmp files. */
async function runFull(quick: boolean): Promise<void> {
  const started = new Date();
  const machine = await describeMachine();
  // The engine's own default (4 × GOMAXPROCS), passed explicitly so the floor of benchmark 3 is exact.
  const parallel = 4 * os.availableParallelism();
  progress(
    `${machine.cores} cores, load average ${machine.loadAverageAtStart}, engine parallelism ${parallel}`,
  );

  const { ms, result } = await timed(async () => {
    progress("1: SDK throughput");
    const sdk = await runSdkThroughput(quick ? QUICK : FULL);
    progress("2-5, 7: engine runs");
    const scale = await runScale({ ns: quick ? [100] : [100, 300], reps: quick ? 1 : 3, parallel });
    const emptyProgram = await runEmptyProgram(parallel);
    progress("6: rate limit");
    const rateLimit = await runRateLimit({ n: 200, parallel });
    progress("8: plugin start-up");
    const pluginStartup = await runPluginStartup(quick ? 3 : 7);
    progress("9: one organization among 100");
    const organizations = await runOrganizationsScale({ samples: quick ? 200 : 1_000 });
    return { sdk, scale, emptyProgram, rateLimit, pluginStartup, organizations };
  });

  const results: BenchResults = {
    command: quick ? "npm run bench -- --quick" : "npm run bench",
    startedAt: started.toISOString(),
    durationS: Math.round(ms / 1000),
    machine,
    parallel,
    ...result,
  };
  const report = renderReport(results);
  const dir = path.join(repoRoot, "bench", "results");
  await mkdir(dir, { recursive: true });
  // A quick run never replaces the committed results (bench/results/*.tmp is ignored by git).
  const [json, md] = quick ? ["quick.json.tmp", "quick.md.tmp"] : ["latest.json", "latest.md"];
  await writeFile(path.join(dir, json), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(dir, md), `${report}\n`);
  process.stdout.write(`${report}\n`);
  progress(`done in ${Math.round(ms / 1000)} s; results in bench/results/${json}`);
}

/** The full run: what `npm run bench` does with no suite named. */
export const fullRunSuite: BenchSuite = {
  usage: "the full run of benchmarks 1–9 (N = 100 and 300, three repetitions), to bench/results/latest.*",
  options: {
    quick: {
      type: "boolean",
      help: "a short smoke run (N = 100, one repetition), to bench/results/quick.*.tmp",
    },
  },
  run: (values) => runFull(given(values, "quick")),
};
