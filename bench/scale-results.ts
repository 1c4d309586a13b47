// What a scale run records (bench/results/scale.json): the figures and the conditions they were taken in.
import type { Machine } from "./machine";
import type { ProviderScaleResult } from "./provider-scale";

/** The 1-minute load average over the run, sampled every 10 s (other work on the machine skews times). */
export interface LoadSamples {
  min: number;
  mean: number;
  max: number;
  samples: number;
}

/** One scale run: its command, duration, machine, load and figures. */
export interface ScaleBenchResults {
  command: string;
  startedAt: string;
  durationS: number;
  /** False when the run was stopped before its last step (the figures are those it finished). */
  complete: boolean;
  /** Where figures of other bench processes were added to this run's (said in the report). */
  note?: string;
  machine: Machine;
  load: LoadSamples;
  scale: ProviderScaleResult;
}
