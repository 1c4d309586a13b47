import type { EmulatorState } from "../state";

// Run and task ids (decision K3): `R…` and `T…` and eight digits, counting the records made so
// far. Runs and tasks are never removed, so a count is never handed out twice.

/** The id the next run gets. */
export function nextRunId(state: EmulatorState): string {
  return `R${String(state.runs.length + 1).padStart(8, "0")}`;
}

/** The id the next task gets. */
export function nextTaskId(state: EmulatorState): string {
  return `T${String(state.tasks.length + 1).padStart(8, "0")}`;
}
