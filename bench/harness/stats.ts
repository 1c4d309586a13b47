// Small numeric helpers shared by the benchmarks.
import { performance } from "node:perf_hooks";

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounds to `digits` decimals (for JSON results and tables). */
export const round = (value: number, digits = 2): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** A count for a table: rounded, with thousands separators (3,000). */
export const int = (v: number): string => Math.round(v).toLocaleString("en-US");

/** Runs `fn` and answers its result with the wall-clock milliseconds it took. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
}

/** Calls `fn` `total` times with `inFlight` calls outstanding at any moment; answers requests per second. */
export async function drive(total: number, inFlight: number, fn: () => Promise<unknown>): Promise<number> {
  let issued = 0;
  const worker = async () => {
    while (issued < total) {
      issued++;
      await fn();
    }
  };
  const { ms } = await timed(() => Promise.all(Array.from({ length: inFlight }, worker)));
  return (total * 1000) / ms;
}

/** A line of progress on stderr (stdout carries the table). */
export function progress(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

/** The `q` quantile (0–1) by linear interpolation between the sorted values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
