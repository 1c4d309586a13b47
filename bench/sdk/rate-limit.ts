// Benchmark 6: N resources against the emulator's per-token limit of 600 requests per minute. The
// `up` alone fits in one window; `up`, `refresh` and `destroy` back to back do not, so the SDK must
// hold requests until the window resets (X-RateLimit-Remaining: 0 → wait for X-RateLimit-Reset)
// instead of collecting 429s. The same sequence without a limit gives the time the pacing cost.
import { AdminClient, startEmulator } from "../../emulator";
import { estate, inventorySeed, type Mix, mixOf } from "../../estate/estate";
import { benchStack, type OpMeasure, type Target } from "../harness/stack";
import { progress, round } from "../harness/stats";

export const LIMIT_PER_MINUTE = 600;

export interface RateLimitResult {
  n: number;
  mix: Mix;
  limitPerMinute: number;
  parallel: number;
  limited: { up: OpMeasure; refresh: OpMeasure; destroy: OpMeasure };
  unlimited: { up: OpMeasure; refresh: OpMeasure; destroy: OpMeasure };
  summary: {
    upRequests: number;
    up429: number;
    upFailedOperations: number;
    up429Share: number;
    sequenceRequests: number;
    sequence429: number;
    sequenceFailedOperations: number;
    sequence429Share: number;
    /** Extra wall time of the limited sequence over the unlimited one: the pacing's cost. */
    sequenceWaitMs: number;
    upWaitMs: number;
    /** Longest pause between two requests in the limited sequence (the wait for the window's reset). */
    longestPauseMs: number;
  };
}

type Sequence = RateLimitResult["limited"];

export async function runRateLimit(opts: { n: number; parallel: number }): Promise<RateLimitResult> {
  const emulator = await startEmulator({ port: 0, rateLimit: LIMIT_PER_MINUTE, windowMs: 60_000 });
  const admin = new AdminClient(emulator.url);
  const target: Target = { url: emulator.url, token: emulator.token, orgHandle: emulator.orgHandle, admin };
  const stack = await benchStack(target, `limited-${opts.n}`, opts.parallel);
  try {
    await admin.seed(inventorySeed(opts.n));
    await stack.declare(estate(opts.n, "voice"));
    const sequence = async (label: string): Promise<Sequence> => {
      const up = await stack.run("up");
      progress(`  ${label} up ${up.ms} ms, ${up.requests} requests, ${up.status429} × 429`);
      const refresh = await stack.run("refresh");
      progress(
        `  ${label} refresh ${refresh.ms} ms, ${refresh.requests} requests, ${refresh.status429} × 429`,
      );
      const destroy = await stack.run("destroy");
      progress(
        `  ${label} destroy ${destroy.ms} ms, ${destroy.requests} requests, ${destroy.status429} × 429`,
      );
      return { up, refresh, destroy };
    };
    progress(`rate limit ${LIMIT_PER_MINUTE}/min, N = ${opts.n}`);
    await admin.setRateLimit(LIMIT_PER_MINUTE, 60_000); // a fresh window
    const limited = await sequence("limited");
    await admin.setRateLimit(1_000_000_000, 60_000);
    const unlimited = await sequence("unlimited");
    const all = (s: Sequence) => [s.up, s.refresh, s.destroy];
    const sum = (s: Sequence, f: (m: OpMeasure) => number) => all(s).reduce((a, m) => a + f(m), 0);
    const sequenceRequests = sum(limited, (m) => m.requests);
    const sequence429 = sum(limited, (m) => m.status429);
    return {
      n: opts.n,
      mix: mixOf(opts.n),
      limitPerMinute: LIMIT_PER_MINUTE,
      parallel: opts.parallel,
      limited,
      unlimited,
      summary: {
        upRequests: limited.up.requests,
        up429: limited.up.status429,
        upFailedOperations: limited.up.failedOperations + (limited.up.error ? 1 : 0),
        up429Share: round((limited.up.status429 / Math.max(1, limited.up.requests)) * 100, 2),
        sequenceRequests,
        sequence429,
        sequenceFailedOperations: sum(limited, (m) => m.failedOperations + (m.error ? 1 : 0)),
        sequence429Share: round((sequence429 / Math.max(1, sequenceRequests)) * 100, 2),
        sequenceWaitMs: sum(limited, (m) => m.ms) - sum(unlimited, (m) => m.ms),
        upWaitMs: limited.up.ms - unlimited.up.ms,
        longestPauseMs: Math.max(...all(limited).map((m) => m.maxGapMs)),
      },
    };
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}
