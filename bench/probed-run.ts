// One engine operation measured from outside (bench/stack.ts: time, requests, peak RSS, CPU) and from
// inside each of its Node.js processes (the memory probe, bench/memory-breakdown.ts).
import { type MemoryBreakdown, probeDir, readBreakdown } from "./memory-breakdown";
import type { BenchStack, Operation, OpMeasure } from "./stack";

/** An operation's figures with the memory breakdown of its Node.js processes. */
export interface ProbedOp extends OpMeasure {
  memory?: Partial<Record<"program" | "provider", MemoryBreakdown>>;
}

/** Runs `op` on `stack` with the probe loaded into the engine's Node.js processes. */
export async function probedRun(stack: BenchStack, op: Operation): Promise<ProbedOp> {
  const { dir, env } = await probeDir();
  for (const [k, v] of Object.entries(env)) stack.setEnv(k, v);
  try {
    const m = await stack.run(op, { rss: true });
    return { ...m, memory: await readBreakdown(dir) };
  } finally {
    for (const k of Object.keys(env)) stack.setEnv(k, undefined);
  }
}
