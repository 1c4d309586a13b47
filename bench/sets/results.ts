// What a set-form run records (bench/results/scale-sets.json): the figures and the conditions they were taken in.

import type { LoadSamples } from "../harness/load-sampler";
import type { Machine } from "../harness/machine";
import type { MemoryFloor } from "./memory-floor";
import type { SetsScaleResult } from "./scale";

/** What a sets run records: its command, duration, machine, load and figures. */
export interface SetsBenchResults {
  command: string;
  startedAt: string;
  durationS: number;
  complete: boolean;
  machine: Machine;
  load: LoadSamples;
  /** A one-bridge program on each side: the memory floor under the figures. */
  floors: MemoryFloor[];
  sets: SetsScaleResult;
}
