// One timed `pulumi-voice-platform fleet …` run in a fleet estate: its wall time, the peak memory of the
// whole process tree, and what the fleet's report.json says of its stacks (requests, times, findings).
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FleetReport } from "../../cli/fleet/fleet-report";
import { repoRoot } from "../../scripts/tools/engine";
import { round } from "../harness/stats";
import { sampleTreeMemory } from "./memory";

/** The platform's limit per token, per minute: what the floor is computed at. */
export const PLATFORM_RATE = 600;

/** One timed fleet run. */
export interface FleetFigures {
  label: string;
  operation: string;
  stacks: number;
  parallel: number;
  seconds: number;
  peakMb: number;
  peakProcesses: number;
  requests: number;
  throttled: number;
  /** The median and the longest of the stacks' own times, in seconds. */
  medianStackSeconds: number;
  slowestStackSeconds: number;
  /** Seconds the requests take at the platform's rate alone. */
  floorSeconds: number;
  exitCode: number | null;
  failed: number;
  /** The stacks with something found, each with its changed resources and properties. */
  found: { id: string; changes: string[] }[];
}

/** Runs `pulumi-voice-platform fleet <args>` in the estate and measures it. */
export async function fleetRun(
  label: string,
  args: string[],
  estate: { dir: string; env: NodeJS.ProcessEnv },
  parallel: number,
): Promise<FleetFigures> {
  const logs = `logs-${label.replace(/\W+/g, "-")}`;
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, "dist", "cli", "main.js"),
      "fleet",
      ...args,
      "--parallel",
      String(parallel),
      "--logs",
      logs,
      "--progress-every",
      "30",
    ],
    { cwd: estate.dir, env: estate.env, stdio: ["ignore", "ignore", "inherit"] },
  );
  const memory = sampleTreeMemory(child.pid ?? 0);
  const exitCode = await new Promise<number | null>((resolve) => child.once("close", resolve));
  const seconds = (Date.now() - started) / 1000;
  const { peakMb, peakProcesses } = memory.stop();
  const report = JSON.parse(
    await readFile(path.join(estate.dir, logs, "report.json"), "utf8"),
  ) as FleetReport;
  const requests = report.stacks.reduce((n, s) => n + (s.requests ?? 0), 0);
  const times = report.stacks.map((s) => (s.durationMs ?? 0) / 1000).sort((a, b) => a - b);
  return {
    label,
    operation: report.operation,
    stacks: report.stacks.length,
    parallel,
    seconds: round(seconds, 1),
    peakMb: Math.round(peakMb),
    peakProcesses,
    requests,
    throttled: report.stacks.reduce((n, s) => n + (s.throttled ?? 0), 0),
    medianStackSeconds: round(times[Math.floor(times.length / 2)] ?? 0, 1),
    slowestStackSeconds: round(times.at(-1) ?? 0, 1),
    floorSeconds: round((requests / PLATFORM_RATE) * 60, 1),
    exitCode,
    failed: report.stacks.filter((s) => s.status === "failed").length,
    found: report.stacks
      .filter((s) => s.status === "changes")
      .map((s) => ({
        id: s.id,
        changes: s.changes.map((c) => `${c.resource}${c.property ? ` \`${c.property}\`` : ""}`),
      })),
  };
}
