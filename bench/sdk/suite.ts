// `npm run bench -- --sdk`: benchmark 1 alone, to bench/results/sdk.json and sdk.md.
import { describeMachine } from "../harness/machine";
import { writeResults } from "../harness/results-file";
import { timed } from "../harness/stats";
import { type BenchSuite, given } from "../harness/suite";
import { SDK_TARGET, sdkRows, table } from "./report";
import { FULL, QUICK, runSdkThroughput } from "./throughput";

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
  // Either size is kept: the file names its command, and a quick run is benchmark 1's usual check.
  const results = {
    command,
    startedAt: started.toISOString(),
    durationS: Math.round(ms / 1000),
    machine,
    options: opts,
    ...result,
  };
  await writeResults("sdk", results, report);
  process.stdout.write(`${report}\n`);
}

/** Benchmark 1: the SDK against raw undici. */
export const sdkSuite: BenchSuite = {
  flag: "sdk",
  usage: "only 1, the SDK against raw undici, to bench/results/sdk.*",
  options: { quick: { type: "boolean", help: "40 pairs a case (the same files)" } },
  run: (values) => runSdkOnly(given(values, "quick")),
};
