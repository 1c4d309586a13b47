// What one recovery run measured: each step's time and the census after it.
import type { Census } from "./census";

/** One step of the recovery: how long it took and the census after it. */
export interface RecoveryStep {
  step: string;
  ms: number;
  census: Census;
  /** The writes answered before a kill, of those the estate still lacked. */
  answered?: number;
  left?: number;
  /** The `round …` lines of a recover. */
  rounds?: string[];
  /** Writes (non-GET requests) the step made. */
  writes?: number;
}

export interface RecoveryResult {
  records: number;
  resources: number;
  sets: number;
  links: number;
  parallel: number;
  steps: RecoveryStep[];
}
