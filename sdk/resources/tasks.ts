import { z } from "zod";
import type { PageParams as PageParamsInput, PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestArgs, RequestOptions } from "../core/transport";
import { check, NonEmpty, PageParams, PathSegment } from "../core/validate";
import { Task } from "./task-schema";

export * from "./task-schema";

const text = z.string({ error: "must be a string" });

/** A contact to call: every field the spec lists; unknown fields are refused (a typo would be lost). */
export const TaskContact = z.strictObject(
  {
    name: text.optional(),
    email: text.optional(),
    contact_number: text.optional(),
    alternate_number: text.optional(),
    occupation: text.optional(),
    company_name: text.optional(),
    address: text.optional(),
    about: text.optional(),
    context: text.optional(),
    labels: z.array(text, { error: "must be an array of strings" }).optional(),
    title: text.optional(),
    description: text.optional(),
    document_id: text.optional(),
  },
  { error: "must be a contact object" },
);
export type TaskContact = z.input<typeof TaskContact>;

/** Body of `tasks.create`: the agent (`pilot`), one contact per task, optional context and schedule. */
export const TaskCreateParams = z.object(
  {
    pilot: NonEmpty,
    documents: z.array(TaskContact, { error: "must be an array of contact objects" }),
    context: text.optional(),
    schedule: z
      .object({ type: z.literal("now", { error: "must be 'now'" }) }, { error: "must be an object" })
      .optional(),
  },
  { error: "must be an object" },
);
export type TaskCreateParams = z.input<typeof TaskCreateParams>;

/** Answer of `tasks.create`: the run and one task id per contact, status `pending`. */
export const TaskCreated = z.looseObject({
  run_id: z.string(),
  task_ids: z.array(z.string()),
  status: z.string(),
});
export type TaskCreated = z.infer<typeof TaskCreated>;

/** Request arguments of a paginated list below path parameters (each checked, named as the argument). */
export function pathListArgs(params: Record<string, [string, unknown]>) {
  return (page: unknown): RequestArgs => ({
    params: Object.fromEntries(
      Object.entries(params).map(([key, [name, value]]) => [key, check(PathSegment, value, name)]),
    ),
    query: check(PageParams, page, "params"),
  });
}

/** Tasks of a space: create, and list by space, agent or run. */
export class Tasks extends APIResource {
  /**
   * Creates one task per contact. A business-logic refusal (unknown or unpublished pilot, no
   * contacts) is a BusinessLogicError (206). Never retried once it may have reached the platform.
   */
  create(spaceToken: string, body: TaskCreateParams, options?: RequestOptions): Promise<TaskCreated> {
    return this._t.request({
      method: "POST",
      path: "/spaces/{space_token}/tasks/create/",
      args: () => ({
        params: { space_token: check(PathSegment, spaceToken, "spaceToken") },
        body: check(TaskCreateParams, body, "body"),
      }),
      schema: TaskCreated,
      options,
    });
  }

  /** Tasks of a space, both shapes, paginated. */
  list(spaceToken: string, params?: PageParamsInput, options?: RequestOptions): PagePromise<Task> {
    return this._list("/spaces/{space_token}/tasks/", Task, params, options, {
      args: pathListArgs({ space_token: ["spaceToken", spaceToken] }),
    });
  }

  /** Tasks assigned to an agent; NotFoundError for an unknown agent. */
  listByAgent(agentHandle: string, params?: PageParamsInput, options?: RequestOptions): PagePromise<Task> {
    return this._list("/agents/{agent_handle}/tasks/", Task, params, options, {
      args: pathListArgs({ agent_handle: ["agentHandle", agentHandle] }),
    });
  }

  /** Tasks of one run of a space; a run not in the space is a BusinessLogicError (206). */
  listByRun(
    spaceToken: string,
    runId: string,
    params?: PageParamsInput,
    options?: RequestOptions,
  ): PagePromise<Task> {
    return this._list("/spaces/{space_token}/runs/{run_id}/tasks/", Task, params, options, {
      args: pathListArgs({ space_token: ["spaceToken", spaceToken], run_id: ["runId", runId] }),
    });
  }
}
