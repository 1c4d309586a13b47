// One engine operation measured from outside (bench/harness/stack.ts: time, requests, peak RSS, CPU) and from
// inside each of its Node.js processes (the memory probe, bench/harness/memory-breakdown.ts).
import { type MemoryBreakdown, probeDir, readBreakdown } from "./memory-breakdown";
import type { BenchStack, Operation, OpMeasure } from "./stack";

/** An operation's figures with the memory breakdown of its Node.js processes. */
export interface ProbedOp extends OpMeasure {
  memory?: Partial<Record<"program" | "provider", MemoryBreakdown>>;
}

/** The engine environment that starts its Node.js processes with `nodeOptions` (none: as they are). */
export const nodeOptionsEnv = (nodeOptions: string | undefined): Record<string, string> =>
  nodeOptions ? { NODE_OPTIONS: nodeOptions } : {};

/**
 * Runs `op` on `stack` with the probe loaded into the engine's Node.js processes, after any
 * `NODE_OPTIONS` the stack's environment already gives them.
 */
export async function probedRun(stack: BenchStack, op: Operation): Promise<ProbedOp> {
  const { dir, env } = await probeDir();
  const before = new Map(Object.keys(env).map((k) => [k, stack.getEnv(k)]));
  for (const [k, v] of Object.entries(env)) {
    const given = before.get(k);
    stack.setEnv(k, k === "NODE_OPTIONS" && given ? `${v} ${given}` : v);
  }
  try {
    const m = await stack.run(op, { rss: true });
    return { ...m, memory: await readBreakdown(dir) };
  } finally {
    for (const [k, v] of before) stack.setEnv(k, v);
  }
}
