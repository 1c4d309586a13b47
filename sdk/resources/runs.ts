import { z } from "zod";
import type { PageParams, PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";
import { pathListArgs } from "./tasks";

/** A run: the group of tasks one create made; `status` `pending` or `completed` seen. */
export const Run = z.looseObject({
  run_id: z.string(),
  collection_ref: z.string().nullish(),
  run_mode: z.string().nullish(),
  status: z.string(),
  created: z.string().nullish(),
  modified: z.string().nullish(),
});
export type Run = z.infer<typeof Run>;

/** An agent's execution: a run with its task counts. */
export const Execution = z.looseObject({
  run_id: z.string(),
  status: z.string(),
  total_tasks: z.number().int(),
  completed_tasks: z.number().int(),
  created: z.string().nullish(),
});
export type Execution = z.infer<typeof Execution>;

/** `/spaces/{space_token}/runs/`. */
export class Runs extends APIResource {
  /** Runs of a space; NotFoundError for an unknown space. */
  list(spaceToken: string, params?: PageParams, options?: RequestOptions): PagePromise<Run> {
    return this._list("/spaces/{space_token}/runs/", Run, params, options, {
      args: pathListArgs({ space_token: ["spaceToken", spaceToken] }),
    });
  }
}

/** `/agents/{agent_handle}/executions/`. */
export class Executions extends APIResource {
  /** Executions of an agent; NotFoundError for an unknown agent. */
  list(agentHandle: string, params?: PageParams, options?: RequestOptions): PagePromise<Execution> {
    return this._list("/agents/{agent_handle}/executions/", Execution, params, options, {
      args: pathListArgs({ agent_handle: ["agentHandle", agentHandle] }),
    });
  }
}
