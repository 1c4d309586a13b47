// One read of the impact benchmark, in a Node.js process of its own (read-worker.ts), so that
// its peak memory is its own and not what the run before it left: the impact read of one or many
// organizations, or a plain read the provider already makes (the getOverview and getCallRecords
// lookups) as the baseline.
import { spawn } from "node:child_process";
import path from "node:path";
import { repoRoot } from "../../scripts/tools/engine";
import type { OrganizationLayout } from "./estate";

/** What the process reads. */
export type ReadSpec = {
  url: string;
  token: string;
  /** The organizations read; the baselines read the first. */
  organizations: OrganizationLayout[];
} & (
  | { read: "overview" | "call-records" }
  | {
      read: "impact";
      /** Every number moved to the next bridge, or every bridge deleted. */
      touch: "moves" | "bridges";
      windowDays?: number;
      maxCalls?: number;
      /** ISO 8601: the end of the generated calls' window. */
      now: string;
      /** Organizations read at once, through one client (one token, one rate budget). */
      inFlight: number;
    }
);

/** What the process measured of its read. */
export interface ReadFigures {
  /** The read alone, from its first request to the last report, in the process. */
  ms: number;
  /** Requests the impact readers counted (0 for a baseline: the emulator's log counts every read). */
  readerRequests: number;
  /** Call records read (the impact read's newest first; the baseline's every page). */
  callsRead: number;
  /** Organizations whose read `maxCalls` stopped before the window's start. */
  capped: number;
  /** Numbers in the reports, or rows of the overview. */
  numbers: number;
  /** Resident memory and V8's used heap before the read, and their peaks (MB, 1 MB = 1,048,576 B). */
  rssBeforeMb: number;
  peakRssMb: number;
  heapBeforeMb: number;
  peakHeapMb: number;
}

/** The worker, compiled (`npm run build`): from dist/ whether this module runs compiled or under a test. */
const WORKER = path.join(repoRoot, "dist", "bench", "impact", "read-worker.js");

/** Runs one read in a fresh process and answers its figures. */
export function runRead(spec: ReadSpec): Promise<ReadFigures> {
  const child = spawn(process.execPath, [WORKER, JSON.stringify(spec)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    err += c.toString();
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      const last = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || last === "") {
        reject(new Error(`impact read (${spec.read}) exited with ${code}: ${err.trim()}`));
        return;
      }
      resolve(JSON.parse(last) as ReadFigures);
    });
  });
}
