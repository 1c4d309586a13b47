// Where the memory of the provider process and the program went during one engine operation: the
// bench's probe (bench/harness/memory-probe.ts) runs inside each of the engine's Node.js processes and leaves
// one file per process; this turns a directory of them into one breakdown per role.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../../scripts/tools/engine";
import type { MemoryAtPeak } from "./memory-probe";

/** A role's process at its largest resident memory, in MB (1 MB = 1,048,576 B). */
export interface MemoryBreakdown {
  rssMb: number;
  /** V8's committed heap, of which code space; used heap at the peak and the most used at any time. */
  heapTotalMb: number;
  codeSpaceMb: number;
  heapUsedMb: number;
  maxHeapUsedMb: number;
  /** Outside the heap: V8's own malloc, and C++ memory bound to JavaScript objects (of which ArrayBuffers). */
  v8MallocedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  /** rss − heapTotal − external − V8's malloc: Node.js and V8 themselves (binary, ICU, libuv, thread stacks, allocator slack). */
  restMb: number;
}

export const PROBE = path.join(repoRoot, "dist", "bench", "harness", "memory-probe.js");

export const MEMORY_METHOD =
  "process.memoryUsage(), v8.getHeapStatistics() and v8.getHeapSpaceStatistics() sampled every 100 ms inside each Node.js process (NODE_OPTIONS --require of bench/harness/memory-probe.ts), taken at the sample of largest rss";

const mb = (b: number) => Math.round((b / 1_048_576) * 10) / 10;

/** A fresh directory for one operation's probe files, and the environment that points the probe at it. */
export async function probeDir(): Promise<{ dir: string; env: Record<string, string> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "voice-bench-memory-"));
  return { dir, env: { BENCH_MEMORY_DIR: dir, NODE_OPTIONS: `--require ${PROBE}` } };
}

/** The largest process of each role in `dir` (then removed). */
export async function readBreakdown(
  dir: string,
): Promise<Partial<Record<"program" | "provider", MemoryBreakdown>>> {
  const out: Partial<Record<"program" | "provider", MemoryBreakdown>> = {};
  const peaks: MemoryAtPeak[] = [];
  for (const f of await readdir(dir).catch(() => [])) {
    try {
      peaks.push(JSON.parse(await readFile(path.join(dir, f), "utf8")) as MemoryAtPeak);
    } catch {
      // a file written as the process ended
    }
  }
  await rm(dir, { recursive: true, force: true });
  for (const role of ["program", "provider"] as const) {
    const p = peaks.filter((x) => x.role === role).sort((a, b) => b.rss - a.rss)[0];
    if (!p) continue;
    out[role] = {
      rssMb: mb(p.rss),
      heapTotalMb: mb(p.heapTotal),
      codeSpaceMb: mb(p.codeSpace),
      heapUsedMb: mb(p.heapUsed),
      maxHeapUsedMb: mb(p.maxHeapUsed),
      v8MallocedMb: mb(p.v8Malloced),
      externalMb: mb(p.external),
      arrayBuffersMb: mb(p.arrayBuffers),
      restMb: mb(p.rss - p.heapTotal - p.external - p.v8Malloced),
    };
  }
  return out;
}
