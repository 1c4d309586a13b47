// `npm run bench -- --program-memory`: the program process (Pulumi's Node.js language host running
// the same-estate program) measured alone, for settings compared A/B. Each repetition runs every
// variant in turn (rotated) on a fresh emulator: `up` then a no-change `preview`, with checkpoints
// off, reading the program's peak RSS and CPU seconds (bench/harness/rss.ts), its heap at that peak
// (bench/harness/memory-probe.ts) and, with --snapshot, a heap snapshot as it exits
// (bench/program-memory/heap-probe.ts), summarized by bench/program-memory/heap-summary.ts.
// Its options are declared in ./suite.ts.
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { repoRoot } from "../../scripts/tools/engine";
import { PROBE, probeDir, readBreakdown } from "../harness/memory-breakdown";
import { rotated, withSeededEmulator } from "../harness/seeded-emulator";
import { benchStack, type Operation } from "../harness/stack";
import { progress } from "../harness/stats";
import { sameEstateAs } from "../same-estate/estate";
import { type ProgramKind, useNativeSdk } from "../same-estate/side";

interface Variant {
  label: string;
  env: Record<string, string>;
}

/**
 * `label:KEY=value,KEY=value` → a variant (a value may hold `=` and spaces, not commas). The key
 * `nodeargs` is the project's `runtime.options.nodeargs` in Pulumi.yaml (Node.js refuses some flags,
 * such as `--heap-growing-percent`, in NODE_OPTIONS); the others are environment variables.
 */
function parseVariant(text: string): Variant {
  const colon = text.indexOf(":");
  const label = colon < 0 ? text : text.slice(0, colon);
  const env: Record<string, string> = {};
  for (const pair of colon < 0 ? [] : text.slice(colon + 1).split(",")) {
    const eq = pair.indexOf("=");
    if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { label, env };
}

interface Row {
  rep: number;
  variant: string;
  op: Operation;
  rssMb: number | null;
  cpuS: number;
  heapUsedMb?: number;
  maxHeapUsedMb?: number;
  externalMb?: number;
  codeSpaceMb?: number;
}

/** What one run of the program-memory bench measures. */
export interface ProgramMemoryOptions {
  numbers: number;
  form: "sets" | "links";
  program: ProgramKind;
  provider: "native" | "voice";
  reps: number;
  parallel: number;
  /** `label:KEY=value,…` each (see parseVariant). */
  variants: readonly string[];
  /** The folder of the heap snapshots, if any are taken. */
  snapshot: string | undefined;
  ops: readonly ("up" | "preview")[];
}

/** Runs every variant `reps` times, printing a JSON line per run and the range per variant at the end. */
export async function runProgramMemory(options: ProgramMemoryOptions): Promise<void> {
  const { numbers, form, program, provider, ops } = options;
  const variants = (options.variants.length ? options.variants : ["default"]).map(parseVariant);
  const rows: Row[] = [];
  for (let rep = 0; rep < options.reps; rep++) {
    for (const variant of rotated(variants, rep)) {
      progress(`repetition ${rep + 1}: ${variant.label}`);
      await withSeededEmulator(numbers, async (target) => {
        const { nodeargs, ...variantEnv } = variant.env;
        const env: Record<string, string> = {
          PULUMI_SKIP_CHECKPOINTS: "true",
          ...(program === "ts-transpile" ? { PULUMI_NODEJS_TRANSPILE_ONLY: "true" } : {}),
          ...variantEnv,
        };
        const stack = await benchStack(target, `mem-${variant.label.replace(/\W/g, "-")}`, options.parallel, {
          native: provider === "native",
          env,
          program: program === "js" ? "harness/program" : "same-estate/program-ts",
        });
        try {
          const workDir = stack.stack.workspace.workDir;
          if (program !== "js" && provider === "native") await useNativeSdk(workDir);
          if (nodeargs) {
            const project = path.join(workDir, "Pulumi.yaml");
            const text = await readFile(project, "utf8");
            await writeFile(
              project,
              text.replace("  options:\n", `  options:\n    nodeargs: "${nodeargs}"\n`),
            );
          }
          await stack.declare(sameEstateAs(numbers, provider, form));
          for (const op of ops) {
            const probe = await probeDir();
            const snapDir = options.snapshot
              ? path.join(options.snapshot, `${variant.label}-${op}-${rep + 1}`)
              : undefined;
            if (snapDir) await mkdir(snapDir, { recursive: true });
            stack.setEnv("BENCH_MEMORY_DIR", probe.dir);
            stack.setEnv("BENCH_HEAP_DIR", snapDir);
            const heapProbe = path.join(repoRoot, "dist", "bench", "program-memory", "heap-probe.js");
            stack.setEnv(
              "NODE_OPTIONS",
              [variant.env.NODE_OPTIONS, `--require ${PROBE}`, snapDir ? `--require ${heapProbe}` : ""]
                .filter(Boolean)
                .join(" "),
            );
            const m = await stack.run(op, { rss: true });
            if (m.error || m.failedOperations > 0)
              throw new Error(`${variant.label} ${op} failed: ${m.error ?? ""}`);
            const b = (await readBreakdown(probe.dir)).program;
            const row: Row = {
              rep: rep + 1,
              variant: variant.label,
              op,
              rssMb: m.rss?.programMb ?? null,
              cpuS: m.rss?.cpuS.program ?? 0,
              ...(b
                ? {
                    heapUsedMb: b.heapUsedMb,
                    maxHeapUsedMb: b.maxHeapUsedMb,
                    externalMb: b.externalMb,
                    codeSpaceMb: b.codeSpaceMb,
                  }
                : {}),
            };
            rows.push(row);
            console.log(JSON.stringify(row));
            if (snapDir)
              for (const f of await readdir(snapDir))
                if (f.startsWith("program-"))
                  await rename(path.join(snapDir, f), path.join(snapDir, f.replace(/-\d+\./, ".")));
          }
        } finally {
          await stack.cleanup();
        }
      });
    }
  }
  for (const v of variants)
    for (const op of ops) {
      const rs = rows.filter((r) => r.variant === v.label && r.op === op);
      const range = (f: (r: Row) => number | undefined) => {
        const xs = rs.map(f).filter((x): x is number => x !== undefined);
        return xs.length ? `${Math.min(...xs)}–${Math.max(...xs)}` : "-";
      };
      console.log(
        `${v.label} ${op}: rss ${range((r) => r.rssMb ?? undefined)} MB, cpu ${range((r) => r.cpuS)} s, heap used at peak ${range((r) => r.heapUsedMb)} MB, max heap used ${range((r) => r.maxHeapUsedMb)} MB, external ${range((r) => r.externalMb)} MB, code ${range((r) => r.codeSpaceMb)} MB`,
      );
    }
}
