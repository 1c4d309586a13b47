import { type GetTasksArgs, listTasks } from "../../lookups/tasks";
import { dataSource } from "../data-source";

export type { GetTasksArgs, Task, TaskOutput, TranscriptTurn } from "../../lookups/tasks";

const tasks = dataSource("getTasks", listTasks);

/**
 * Tasks of one run of a space (every page), both shapes; an unknown space fails with the
 * platform's 404, a run that is not in the space with its 206, each naming what was not found.
 */
export const getTasks = tasks.get as (args: GetTasksArgs) => ReturnType<typeof tasks.get>;
/** {@link getTasks} as an Output. */
export const getTasksOutput = tasks.getOutput;
