// What a scale run records (bench/results/scale.json): the figures and the conditions they were taken in.
import type { LoadSamples } from "../harness/load-sampler";
import type { Machine } from "../harness/machine";
import type { ProviderScaleResult } from "./providers";

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
