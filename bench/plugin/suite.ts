// `npm run bench -- --plugin`: benchmark 8 alone, to bench/results/plugin.json and plugin.md.
import { describeMachine } from "../harness/machine";
import { writeResults } from "../harness/results-file";
import { timed } from "../harness/stats";
import type { BenchSuite } from "../harness/suite";
import { pluginStartupRows, runPluginStartup } from "./startup";

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
  await writeResults("plugin", { machine, ...result }, table);
  process.stdout.write(`${table}\n`);
}

/** Benchmark 8: the plugin's start-up and archive sizes. */
export const pluginSuite: BenchSuite = {
  flag: "plugin",
  usage: "only 8, the plugin's start-up and archive sizes (bench/results/plugin.*)",
  options: {},
  run: runPluginOnly,
};
