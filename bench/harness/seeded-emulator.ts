// One emulator for one step of an engine benchmark: in-process, its rate limit raised out of the way,
// the provider accounts seeded with enough numbers, closed whatever the step does.
import { AdminClient, startEmulator } from "../../emulator";
import { inventorySeed } from "../../estate/estate";
import type { Target } from "./stack";

/** Requests per minute per token: far above what a run makes, so no request waits for a window. */
export const BENCH_RATE_LIMIT = 1_000_000_000;

/** Runs `step` against a fresh emulator seeded for `numbers` benchmark numbers. */
export async function withSeededEmulator<T>(
  numbers: number,
  step: (target: Target) => Promise<T>,
): Promise<T> {
  const emulator = await startEmulator({ port: 0, rateLimit: BENCH_RATE_LIMIT });
  try {
    const admin = new AdminClient(emulator.url);
    await admin.seed(inventorySeed(numbers));
    return await step({ url: emulator.url, token: emulator.token, orgHandle: emulator.orgHandle, admin });
  } finally {
    await emulator.close();
  }
}

/** `sides` rotated by `i`, so that no side always runs first. */
export const rotated = <S>(sides: readonly S[], i: number): S[] =>
  sides.map((_, k) => sides[(i + k) % sides.length]!);
