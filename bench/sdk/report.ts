// Benchmark 1's table rows, shared by the full report and `--sdk`.

import { int } from "../harness/stats";
import type { Spread, ThroughputResult } from "./throughput";

/** The target: the SDK's median rate at least this fraction of raw undici's. */
export const SDK_TARGET = 0.9;

const f2 = (v: number) => v.toFixed(2);
const iqr = (s: Spread) => `p25–p75 ${f2(s.p25)}–${f2(s.p75)}, p10–p90 ${f2(s.p10)}–${f2(s.p90)}`;

/** One row per call: what, SDK, raw, ratios, verdict. */
export function sdkRows(r: ThroughputResult): string[][] {
  return r.cases.map((c) => [
    "1",
    `SDK \`${c.call}\`, ${r.inFlight} in flight, ${c.pairs} alternating pairs of ${int(c.sliceRequests)}-request slices (other load ${c.otherCores} cores)`,
    `${int(c.medianSdk)} req/s; client CPU ${c.clientCpuUsPerRequest.sdk} µs/request; GC ${c.gcMsPerThousand.sdk} ms per 1,000`,
    `raw \`undici\` ${int(c.medianRaw)} req/s; ${c.clientCpuUsPerRequest.raw} µs/request; GC ${c.gcMsPerThousand.raw} ms per 1,000`,
    `SDK/raw ≥ ${SDK_TARGET}: **${f2(c.medianRatio)}** (${iqr(c.ratioSpread)}; runs ${c.runRatios.map(f2).join(", ")}; quiet half ${f2(c.quietHalfRatio)}, busy half ${f2(c.busyHalfRatio)}); client CPU raw/SDK **${f2(c.medianCpuRatio)}** (${iqr(c.cpuRatioSpread)})`,
    c.medianRatio >= SDK_TARGET ? "**met**" : "**missed**",
  ]);
}

/** A markdown table of the rows (cells' pipes escaped). */
export function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((cells) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`),
  ].join("\n");
}
