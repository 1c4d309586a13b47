// The markdown table of a benchmark run (printed, and pasted into bench/README.md).

import { type OrganizationsScaleResult, organizationsRows } from "./emulator/organizations-scale";
import { describeMix } from "./harness/describe-mix";
import type { Machine } from "./harness/machine";
import type { OpMeasure } from "./harness/stack";
import { int } from "./harness/stats";
import { type PluginStartupResult, pluginStartupRows } from "./plugin/startup";
import { requestRows } from "./scale/request-floors";
import { LATENCY_MS, type ScaleResult } from "./scale/runs";
import { LIMIT_PER_MINUTE, type RateLimitResult } from "./sdk/rate-limit";
import { sdkRows } from "./sdk/report";
import type { ThroughputResult } from "./sdk/throughput";

export interface BenchResults {
  command: string;
  startedAt: string;
  durationS: number;
  machine: Machine;
  parallel: number;
  sdk: ThroughputResult;
  scale: ScaleResult[];
  emptyProgram: OpMeasure;
  rateLimit: RateLimitResult;
  /** Benchmark 8 (absent from runs before it existed). */
  pluginStartup?: PluginStartupResult;
  /** Benchmark 9 (absent from runs before it existed). */
  organizations?: OrganizationsScaleResult;
}

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const mb = (v: number | null) => (v === null ? "n/a" : `${Math.round(v)} MB`);
const verdict = (ok: boolean) => (ok ? "**met**" : "**missed**");
const per = (scale: ScaleResult[], f: (s: ScaleResult) => string) => scale.map(f).join(" · ");

/** One markdown document: machine, versions, the table, and how to read it. */
export function renderReport(r: BenchResults): string {
  const m = r.machine;
  const ns = r.scale.map((s) => `N = ${s.n}`).join(" · ");
  const byN = (f: (s: ScaleResult) => string) => per(r.scale, f);
  const rows: string[][] = [];
  rows.push(...sdkRows(r.sdk));
  rows.push([
    "2",
    `\`up\` + \`destroy\` of N resources (${ns}), median of ${r.scale[0]?.reps ?? 0}`,
    byN((s) => `${sec(s.summary.oursUpMs)} + ${sec(s.summary.oursDestroyMs)}`),
    byN((s) => `no-op ${sec(s.summary.noopUpMs)} + ${sec(s.summary.noopDestroyMs)}`),
    `ours/no-op ≤ 1.3: **${byN((s) => s.summary.upDestroyRatio.toFixed(2))}**`,
    verdict(r.scale.every((s) => s.summary.upDestroyRatio <= 1.3)),
  ]);
  rows.push([
    "3",
    `\`up\` with ${LATENCY_MS} ms emulator latency per request (${ns})`,
    byN((s) => sec(s.summary.latencyUpMs)),
    byN((s) => `floor ${sec(s.summary.floorMs)} (N × ${LATENCY_MS} ms / ${s.parallel})`),
    `≤ 1.5: up/floor **${byN((s) => s.summary.latencyRatio.toFixed(1))}**; latency's own share (up − up without latency)/floor **${byN((s) => s.summary.latencyAddedRatio.toFixed(2))}**`,
    `${verdict(r.scale.every((s) => s.summary.latencyRatio <= 1.5))} (engine-bound); latency share ${verdict(r.scale.every((s) => s.summary.latencyAddedRatio <= 1.5))}`,
  ]);
  rows.push(...requestRows(r.scale));
  rows.push([
    "5",
    "`pulumi stack export` bytes per resource",
    byN((s) => kb(s.ours.state.bytesPerDeclared)),
    byN((s) => `no-op ${kb(s.noop.state.bytesPerDeclared)}`),
    "≤ 8 KB",
    verdict(r.scale.every((s) => s.ours.state.bytesPerDeclared <= 8 * 1024)),
  ]);
  const provider = Math.max(...r.scale.map((s) => s.ours.state.providerBytesMax));
  rows.push([
    "5",
    "`__provider` text (stored in inputs and outputs)",
    `${int(provider)} B × ${r.scale[0]?.ours.state.providerCopiesPerResource ?? 2}`,
    "—",
    "≤ 2.5 KB",
    verdict(provider <= 2.5 * 1024),
  ]);
  const rl = r.rateLimit.summary;
  rows.push([
    "6",
    `\`up\` of ${r.rateLimit.n} at ${LIMIT_PER_MINUTE} requests/min`,
    `${rl.upFailedOperations} failed, ${rl.up429} × 429 of ${rl.upRequests} (${rl.up429Share} %)`,
    `then \`refresh\` + \`destroy\` in the same window: ${rl.sequence429} × 429 of ${rl.sequenceRequests} (${rl.sequence429Share} %), ${rl.sequenceFailedOperations} failed, waited ${sec(rl.sequenceWaitMs)} (longest pause ${sec(rl.longestPauseMs)})`,
    "0 failed; ≤ 2 % 429",
    verdict(
      rl.upFailedOperations === 0 &&
        rl.up429Share <= 2 &&
        rl.sequenceFailedOperations === 0 &&
        rl.sequence429Share <= 2,
    ),
  ]);
  const big = r.scale[r.scale.length - 1];
  if (big) {
    const p = big.summary.peakRss;
    rows.push([
      "7",
      `peak RSS at N = ${big.n}: program (language host) · dynamic-provider host`,
      `${mb(p.oursProgramMb)} · ${mb(p.oursProviderMb)}`,
      `no-op ${mb(p.noopProgramMb)} · ${mb(p.noopProviderMb)}; empty program ${mb(r.emptyProgram.rss?.programMb ?? null)}`,
      "≤ 250 MB each",
      `program ${verdict((p.oursProgramMb ?? 0) <= 250)} (engine floor), provider ${verdict((p.oursProviderMb ?? 0) <= 250)}`,
    ]);
  }
  if (r.pluginStartup) rows.push(...pluginStartupRows(r.pluginStartup));
  if (r.organizations) rows.push(...organizationsRows(r.organizations));
  const table = [
    "| # | What | Result | Baseline (same run) | Target | |",
    "|---|---|---|---|---|---|",
    ...rows.map((cells) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`),
  ];
  return [
    `Command: \`${r.command}\` · ${r.startedAt} · took ${Math.floor(r.durationS / 60)} min ${Math.round(r.durationS % 60)} s`,
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}; load average ${m.loadAverageAtStart} at start. ` +
      `Node ${m.node}; ${Object.entries(m.versions)
        .map(([k, v]) => `${k} ${v}`)
        .join(
          ", ",
        )}. Engine parallelism ${r.parallel} (the engine's default, 4 × cores, passed as \`--parallel\`).`,
    "",
    `Estate: ${r.scale.map((s) => `N = ${s.n}: ${describeMix(s.mix)}`).join("; ")}; numbers declared bridge by bridge. ` +
      `Emulator in-process over loopback HTTP (separate process for 1). 1 KB = 1,024 B.`,
    "",
    ...table,
  ].join("\n");
}
