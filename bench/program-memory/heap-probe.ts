// Bench-only probe, loaded into the engine's Node.js processes with NODE_OPTIONS `--require` when
// BENCH_HEAP_DIR is set: in the program process (the language host, `node …/@pulumi/pulumi/cmd/run`)
// it writes, as the process exits, a V8 heap snapshot and what the process held then (memory by
// V8 space, loaded modules by package) to <BENCH_HEAP_DIR>/program-<pid>.*. At exit every resource
// the program declared is still held by @pulumi/pulumi, so the snapshot shows what a run retains.
// With BENCH_HEAP_PEAK_MB it also writes one snapshot (program-<pid>-peak.heapsnapshot) the first time
// the heap in use passes that many MB: a snapshot keeps only live objects, so it tells what was live
// at the peak from what was garbage. Nothing in the package loads it.
import { writeFileSync } from "node:fs";
import path from "node:path";
import v8 from "node:v8";

/** What the program process held as it exited, beside its heap snapshot. */
export interface ProgramAtExit {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  spaces: Record<string, { size: number; used: number }>;
  /** Modules in require's cache by package (`@scope/name`, or `(program)` for the project's own files). */
  modules: Record<string, number>;
}

const dir = process.env.BENCH_HEAP_DIR;

function packageOf(file: string): string {
  const i = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (i < 0) return "(program)";
  const parts = file.slice(i + 14).split(path.sep);
  return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

if (dir && /@pulumi[/\\]pulumi[/\\]cmd[/\\]run/.test(process.argv.join(" "))) {
  const peakMb = Number(process.env.BENCH_HEAP_PEAK_MB ?? 0);
  if (peakMb > 0) {
    const timer = setInterval(() => {
      if (process.memoryUsage().heapUsed < peakMb * 1_048_576) return;
      clearInterval(timer);
      v8.writeHeapSnapshot(path.join(dir, `program-${process.pid}-peak.heapsnapshot`));
    }, 200);
    timer.unref();
  }
  process.on("exit", () => {
    const base = path.join(dir, `program-${process.pid}`);
    const m = process.memoryUsage();
    const modules: Record<string, number> = {};
    for (const file of Object.keys(require.cache))
      modules[packageOf(file)] = (modules[packageOf(file)] ?? 0) + 1;
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: s.space_size, used: s.space_used_size }]),
    );
    const atExit: ProgramAtExit = { ...m, spaces, modules };
    writeFileSync(`${base}.json`, JSON.stringify(atExit));
    if (process.env.BENCH_HEAP_SNAPSHOT !== "0") v8.writeHeapSnapshot(`${base}.heapsnapshot`);
  });
}
