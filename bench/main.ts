// `npm run bench`: every benchmark in one run, against the emulator over loopback HTTP and
// the real engine. Writes bench/results/latest.json (and .md) and prints the markdown table.
// Each suite also runs alone: `--help` lists the options (bench/usage.ts).
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { repoRoot } from "../scripts/tools/engine";
import { renderOrganizationsScale, runOrganizationsScale } from "./emulator/organizations-scale";
import { renderEmulatorScale, runEmulatorScale } from "./emulator/scale";
import { runExportMode } from "./export/main";
import { FLEET_PROGRAMS, runFleetBench } from "./fleet/main";
import { FULL_FLEET_RATE, QUICK_FLEET_RATE, renderFleetRate, runFleetRate } from "./fleet/rate";
import { runSharedPluginBench } from "./fleet/shared-plugin";
import { describeMachine } from "./harness/machine";
import { runStandaloneMode } from "./harness/standalone-mode";
import { progress, timed } from "./harness/stats";
import { runImpactMode } from "./impact/main";
import { renderMoveGapMain, runMoveGapMain } from "./moves/main";
import { pluginStartupRows, runPluginStartup } from "./plugin/startup";
import { runRecoveryMode } from "./recovery/main";
import { type BenchResults, renderReport } from "./report";
import { renderSameEstateMain, runSameEstateMain } from "./same-estate/main";
import { renderScaleMain, runScaleMain } from "./scale/main";
import { runEmptyProgram, runScale } from "./scale/runs";
import { renderRateBudget, runRateBudget } from "./sdk/rate-budget";
import { runRateLimit } from "./sdk/rate-limit";
import { SDK_TARGET, sdkRows, table } from "./sdk/report";
import { FULL, QUICK, runSdkThroughput } from "./sdk/throughput";
import { renderSetsMain, runSetsMain } from "./sets/main";
import { runStackCost } from "./stack-cost/main";
import { runStateBytesMain } from "./state-bytes/main";
import { USAGE } from "./usage";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      help: { type: "boolean", short: "h" },
      quick: { type: "boolean" },
      scale: { type: "boolean" },
      "scale-max": { type: "string" },
      "scale-render": { type: "boolean" },
      "scale-sets": { type: "boolean" },
      "scale-sets-max": { type: "string" },
      "scale-sets-render": { type: "boolean" },
      "scale-sets-native": { type: "boolean" },
      "scale-sets-dynamic": { type: "boolean" },
      plugin: { type: "boolean" },
      emulator: { type: "boolean" },
      organizations: { type: "boolean" },
      fleet: { type: "boolean" },
      "fleet-parallel": { type: "string" },
      "fleet-program": { type: "string" },
      "fleet-shared-plugin": { type: "boolean" },
      "rate-budget": { type: "boolean" },
      "fleet-rate": { type: "boolean" },
      "stack-cost": { type: "boolean" },
      "stack-cost-label": { type: "string" },
      impact: { type: "boolean" },
      recovery: { type: "boolean" },
      export: { type: "boolean" },
      sdk: { type: "boolean" },
      "move-gap": { type: "boolean" },
      "move-gap-render": { type: "boolean" },
      "move-gap-sets": { type: "string" },
      "move-gap-parallel": { type: "string" },
      "node-options": { type: "string" },
      opentofu: { type: "boolean" },
      "ts-program": { type: "boolean" },
      numbers: { type: "string" },
      reps: { type: "string" },
      render: { type: "boolean" },
      "state-bytes": { type: "boolean" },
    },
    strict: true,
  });
  if (values.help === true) {
    process.stdout.write(USAGE);
    return;
  }
  if (values["state-bytes"] === true) {
    const numbers = values.numbers === undefined ? undefined : Number(values.numbers.replace(/_/g, ""));
    await runStateBytesMain(numbers, values.reps === undefined ? 3 : Number(values.reps));
    return;
  }
  const suite = values.opentofu ? "opentofu" : values["ts-program"] ? "ts-program" : undefined;
  if (suite) {
    const numbers = values.numbers?.split(",").map((n) => Number(n.replace(/_/g, "")));
    if (values.render) await renderSameEstateMain(suite, numbers);
    else await runSameEstateMain(suite, numbers, values.reps === undefined ? undefined : Number(values.reps));
    return;
  }
  if (values["scale-render"] === true) {
    await renderScaleMain();
    return;
  }
  if (values["scale-sets-render"] === true) {
    await renderSetsMain();
    return;
  }
  if (
    values["scale-sets"] === true ||
    values["scale-sets-max"] !== undefined ||
    values["scale-sets-native"] ||
    values["scale-sets-dynamic"]
  ) {
    await runSetsMain(
      values["scale-sets-max"] === undefined ? undefined : Number(values["scale-sets-max"]),
      values["scale-sets-native"] === true
        ? "native"
        : values["scale-sets-dynamic"] === true
          ? "voice"
          : undefined,
      values["node-options"],
    );
    return;
  }
  if (values.scale === true || values["scale-max"] !== undefined) {
    const max = values["scale-max"] === undefined ? undefined : Number(values["scale-max"]);
    await runScaleMain(max);
    // Then the set form (its own results file, so scale.json keeps its format).
    await runSetsMain(max);
    return;
  }
  if (values.plugin === true) {
    await runPluginOnly();
    return;
  }
  if (values["move-gap-render"] === true) {
    await renderMoveGapMain();
    return;
  }
  const moveGapParallel =
    values["move-gap-parallel"] === undefined ? undefined : Number(values["move-gap-parallel"]);
  if (values["move-gap-sets"] !== undefined) {
    await runMoveGapMain(false, Number(values["move-gap-sets"]), moveGapParallel);
    return;
  }
  if (values["move-gap"] === true) {
    await runMoveGapMain(values.quick === true, undefined, moveGapParallel);
    return;
  }
  if (values.emulator === true) {
    await runEmulatorMode(values.quick === true);
    return;
  }
  if (values["fleet-rate"] === true) {
    const options = values.quick === true ? QUICK_FLEET_RATE : FULL_FLEET_RATE;
    await runStandaloneMode(
      "fleet-rate",
      values.quick === true,
      () => runFleetRate(options),
      renderFleetRate,
    );
    return;
  }
  if (values.impact === true) {
    await runImpactMode(values.quick === true);
    return;
  }
  if (values.recovery === true) {
    await runRecoveryMode(values.quick === true);
    return;
  }
  if (values.export === true) {
    await runExportMode(values.quick === true);
    return;
  }
  if (values["rate-budget"] === true) {
    await runRateBudgetMode(values.quick === true);
    return;
  }
  if (values.organizations === true) {
    await runOrganizationsMode(values.quick === true);
    return;
  }
  if (values["stack-cost"] === true) {
    const reps = values.reps === undefined ? 5 : Number(values.reps);
    process.stdout.write(await runStackCost({ reps, build: values["stack-cost-label"] ?? "this build" }));
    return;
  }
  if (values["fleet-shared-plugin"] === true) {
    const parallel = values["fleet-parallel"] === undefined ? 2 : Number(values["fleet-parallel"]);
    process.stdout.write(
      await runSharedPluginBench({ quick: values.quick === true, parallel, repetitions: 3 }),
    );
    return;
  }
  if (values.fleet === true) {
    const parallel = values["fleet-parallel"] === undefined ? 4 : Number(values["fleet-parallel"]);
    const program = values["fleet-program"] ?? "javascript";
    if (!(program in FLEET_PROGRAMS))
      throw new Error(
        `--fleet-program must be one of ${Object.keys(FLEET_PROGRAMS).join(", ")}; got ${program}`,
      );
    process.stdout.write(
      await runFleetBench({
        quick: values.quick === true,
        parallel,
        program: program as keyof typeof FLEET_PROGRAMS,
      }),
    );
    return;
  }
  if (values.sdk === true) {
    await runSdkOnly(values.quick === true);
    return;
  }
  const quick = values.quick === true;
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

/** `--plugin`: benchmark 8 alone, to bench/results/plugin.json and plugin.md. */
async function runPluginOnly(): Promise<void> {
  const machine = await describeMachine();
  const { ms, result } = await timed(() => runPluginStartup(7));
  const table = [
    `Command: \`npm run bench -- --plugin\` · ${new Date().toISOString()} · took ${Math.round(ms / 1000)} s`,
    "",
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.os}; load average ${machine.loadAverageAtStart} at start.`,
    "",
    "| # | What | Result | Baseline (same run) | Ratio | |",
    "|---|---|---|---|---|---|",
    ...pluginStartupRows(result).map(
      (cells) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`,
    ),
  ].join("\n");
  const dir = path.join(repoRoot, "bench", "results");
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "plugin.json"), `${JSON.stringify({ machine, ...result }, null, 2)}\n`);
  await writeFile(path.join(dir, "plugin.md"), `${table}\n`);
  process.stdout.write(`${table}\n`);
}

/** `--sdk`: benchmark 1 alone, to bench/results/sdk.json and sdk.md (`--quick`: fewer pairs). */
async function runSdkOnly(quick: boolean): Promise<void> {
  const started = new Date();
  const machine = await describeMachine();
  const opts = quick ? QUICK : FULL;
  const { ms, result } = await timed(() => runSdkThroughput(opts));
  const command = quick ? "npm run bench -- --sdk --quick" : "npm run bench -- --sdk";
  const report = [
    `Command: \`${command}\` · ${started.toISOString()} · took ${Math.round(ms / 1000)} s`,
    "",
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, ${machine.os}; load average ${machine.loadAverageAtStart} at start. Node ${machine.node}; undici ${machine.versions.undici}, zod ${machine.versions.zod}.`,
    "",
    `Emulator: ${result.emulator}, rate limit out of the way; per case ${opts.warmup.toLocaleString("en-US")} unmeasured requests, then the pairs; target SDK/raw ≥ ${SDK_TARGET}.`,
    "",
    table(["#", "What", "SDK", "Baseline (same run)", "Ratios", ""], sdkRows(result)),
  ].join("\n");
  const dir = path.join(repoRoot, "bench", "results");
  await mkdir(dir, { recursive: true });
  // Either size is kept: the file names its command, and a quick run is benchmark 1's usual check.
  const [json, md] = ["sdk.json", "sdk.md"];
  await writeFile(
    path.join(dir, json),
    `${JSON.stringify({ command, startedAt: started.toISOString(), durationS: Math.round(ms / 1000), machine, options: opts, ...result }, null, 2)}\n`,
  );
  await writeFile(path.join(dir, md), `${report}\n`);
  process.stdout.write(`${report}\n`);
}

/** `--emulator`: the emulator at 1,000 and 10,000 numbers; `--quick` takes fewer samples and keeps no results. */
function runEmulatorMode(quick: boolean): Promise<void> {
  return runStandaloneMode(
    "emulator",
    quick,
    () => runEmulatorScale({ sizes: [1_000, 10_000], samples: quick ? 300 : 2_000 }),
    renderEmulatorScale,
  );
}

/** `--organizations`: one organization's requests with 1 and 100 organizations, to bench/results/organizations.*. */
function runOrganizationsMode(quick: boolean): Promise<void> {
  return runStandaloneMode(
    "organizations",
    quick,
    () => runOrganizationsScale({ samples: quick ? 200 : 1_000 }),
    renderOrganizationsScale,
  );
}

/** `--rate-budget`: 8 processes sharing one token, to bench/results/rate-budget.*. */
function runRateBudgetMode(quick: boolean): Promise<void> {
  const sdkEntry = path.join(repoRoot, "dist", "sdk", "index.js");
  const options = quick
    ? { sdkEntry, processes: 8, pairs: 25, limit: 60, windowMs: 6_000 }
    : { sdkEntry, processes: 8, pairs: 75, limit: 600, windowMs: 60_000 };
  return runStandaloneMode("rate-budget", quick, () => runRateBudget(options), renderRateBudget);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
