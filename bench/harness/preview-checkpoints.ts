// Whether `PULUMI_SKIP_CHECKPOINTS=true` slows a no-op `preview`: previews of one stack with and
// without it, alternating which goes first, on the same state.
import type { BenchStack, Operation, OpMeasure } from "../harness/stack";
import { median } from "../harness/stats";

export interface PreviewAlternation {
  /** Wall time and engine CPU of each preview, in the order they ran. */
  runs: { skipCheckpoints: boolean; ms: number; engineCpuS: number | null; requests: number }[];
  medianMs: { checkpoints: number; skipCheckpoints: number };
  medianEngineCpuS: { checkpoints: number; skipCheckpoints: number };
}

/** `pairs` rounds of one preview each way, the order alternating from round to round. */
export async function alternatePreviews(
  stack: BenchStack,
  runOp: (stack: BenchStack, op: Operation) => Promise<OpMeasure>,
  pairs = 3,
): Promise<PreviewAlternation> {
  const runs: PreviewAlternation["runs"] = [];
  const before = stack.stack.workspace.envVars.PULUMI_SKIP_CHECKPOINTS;
  for (let i = 0; i < pairs; i++) {
    for (const skip of i % 2 === 0 ? [false, true] : [true, false]) {
      stack.setEnv("PULUMI_SKIP_CHECKPOINTS", skip ? "true" : undefined);
      const m = await runOp(stack, "preview");
      if (m.error) throw new Error(`preview failed: ${m.error}`);
      runs.push({
        skipCheckpoints: skip,
        ms: m.ms,
        engineCpuS: m.rss?.cpuS.engine ?? null,
        requests: m.requests,
      });
    }
  }
  stack.setEnv("PULUMI_SKIP_CHECKPOINTS", before);
  const of = (skip: boolean) => runs.filter((r) => r.skipCheckpoints === skip);
  return {
    runs,
    medianMs: {
      checkpoints: median(of(false).map((r) => r.ms)),
      skipCheckpoints: median(of(true).map((r) => r.ms)),
    },
    medianEngineCpuS: {
      checkpoints: median(of(false).map((r) => r.engineCpuS ?? 0)),
      skipCheckpoints: median(of(true).map((r) => r.engineCpuS ?? 0)),
    },
  };
}
