import { type GetRunsArgs, listRuns } from "../../lookups/runs";
import { dataSource } from "../data-source";

export type { GetRunsArgs, Run } from "../../lookups/runs";

const runs = dataSource("getRuns", listRuns);

/** Runs of a space (every page), oldest first; an unknown space token fails with the platform's 404. */
export const getRuns = runs.get as (args: GetRunsArgs) => ReturnType<typeof runs.get>;
/** {@link getRuns} as an Output. */
export const getRunsOutput = runs.getOutput;
