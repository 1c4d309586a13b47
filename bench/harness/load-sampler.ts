// The machine's 1-minute load average, sampled every 10 s while a long bench runs.
import os from "node:os";
import { round } from "./stats";

/** The 1-minute load average over the run, sampled every 10 s (other work on the machine skews times). */
export interface LoadSamples {
  min: number;
  mean: number;
  max: number;
  samples: number;
}

/** Starts sampling: `peek` answers min, mean and max so far; `stop` ends it. */
export function sampleLoad(): { peek(): LoadSamples; stop(): void } {
  const seen: number[] = [os.loadavg()[0]!];
  const timer = setInterval(() => seen.push(os.loadavg()[0]!), 10_000);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    peek: () => ({
      min: round(Math.min(...seen), 2),
      mean: round(seen.reduce((a, b) => a + b, 0) / seen.length, 2),
      max: round(Math.max(...seen), 2),
      samples: seen.length,
    }),
  };
}

/** The 1-minute load average now, for a figure's before → after. */
export const loadNow = (): number => round(os.loadavg()[0]!, 2);
