// Bench-only probe, loaded into the engine's Node.js processes with NODE_OPTIONS `--require` when
// BENCH_MEMORY_DIR is set: samples the process's own memory every 100 ms and writes, at each new
// peak of resident memory (and on exit), what that peak was made of to
// <BENCH_MEMORY_DIR>/<role>-<pid>.json. Nothing in the package loads it.
import { writeFileSync } from "node:fs";
import path from "node:path";
import v8 from "node:v8";

/** What the resident memory of a Node.js process held at its peak, in bytes. */
export interface MemoryAtPeak {
  role: "program" | "provider" | "other";
  argv: string;
  /** Resident set size (what VmHWM tracks). */
  rss: number;
  /** V8's heap as committed (all spaces, code included) and as used by live and not yet collected objects. */
  heapTotal: number;
  heapUsed: number;
  /** V8 code space (compiled JavaScript and bytecode handlers), part of heapTotal. */
  codeSpace: number;
  /** Memory V8 allocated outside its heap for itself (malloced_memory). */
  v8Malloced: number;
  /** Memory of C++ objects bound to JavaScript ones (Buffers, ArrayBuffers, gRPC/HTTP buffers). */
  external: number;
  arrayBuffers: number;
  /** Peak heapUsed seen over the whole run (not only at the RSS peak). */
  maxHeapUsed: number;
}

const dir = process.env.BENCH_MEMORY_DIR;

function roleOf(argv: string): MemoryAtPeak["role"] {
  if (/dynamic-provider|[/\\]provider[/\\]plugin[/\\]main\.js/.test(argv)) return "provider";
  if (/@pulumi[/\\]pulumi[/\\]cmd[/\\]run/.test(argv)) return "program";
  return "other";
}

if (dir) {
  const argv = process.argv.join(" ");
  const file = path.join(dir, `${roleOf(argv)}-${process.pid}.json`);
  let peak: MemoryAtPeak | undefined;
  let maxHeapUsed = 0;
  let dirty = false;
  const write = () => {
    if (!peak || !dirty) return;
    dirty = false;
    try {
      writeFileSync(file, JSON.stringify({ ...peak, maxHeapUsed }));
    } catch {
      // the directory went away with its operation
    }
  };
  const sample = () => {
    const m = process.memoryUsage();
    maxHeapUsed = Math.max(maxHeapUsed, m.heapUsed);
    if (!peak || m.rss > peak.rss) {
      const code = v8.getHeapSpaceStatistics().find((s) => s.space_name === "code_space");
      peak = {
        role: roleOf(argv),
        argv: argv.slice(0, 300),
        rss: m.rss,
        heapTotal: m.heapTotal,
        heapUsed: m.heapUsed,
        codeSpace: code?.space_size ?? 0,
        v8Malloced: v8.getHeapStatistics().malloced_memory,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
        maxHeapUsed,
      };
      dirty = true;
    }
    // At every new peak: a short-lived process (a one-bridge provider) may be stopped without an exit event.
    write();
  };
  setInterval(sample, 100).unref();
  sample();
  process.on("exit", () => {
    sample();
    write();
  });
}
