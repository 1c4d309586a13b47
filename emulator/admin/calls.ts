import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { appendCdrs, cdrIndexOf } from "../domain/calls/cdr-index";
import { taskStatus } from "../domain/calls/lifecycle";
import { cdrInputSchema, type TaskRecord } from "../domain/calls/records";
import { taskView } from "../domain/calls/task-view";
import type { EmulatorContext } from "../domain/context";
import { parseBody } from "../domain/validation";
import { ApiError } from "../http/envelope";
import { requireOrgHandle } from "./actions";

type Route = (method: "POST", path: string, handler: (request: FastifyRequest) => unknown) => void;

const completeSchema = z.object({
  outcome: z.enum(["completed", "failed"], { error: "must be 'completed' or 'failed'" }).default("completed"),
});

/** Admin routes of simulated calls: end a call now, add a call detail record (docs/emulator.md). */
export function registerAdminCallRoutes(
  route: Route,
  ctx: EmulatorContext,
  body: (request: FastifyRequest) => Record<string, unknown>,
): void {
  /** The task named in the path that has not ended yet: 404 unknown, 409 ended. */
  const openTask = (request: FastifyRequest) => {
    const id = String((request.params as Record<string, string>).task_id);
    const task = ctx.store.state.tasks.find((t) => t.task_id === id);
    if (task === undefined) throw new ApiError(404, "not_found", `Task '${id}' not found`);
    const status = taskStatus(task);
    if (status === "completed" || status === "failed") {
      throw new ApiError(409, "already_ended", `Task '${id}' has already ended (${status})`);
    }
    return { task, status };
  };
  const end = (task: TaskRecord, outcome: TaskRecord["outcome"]) =>
    ctx.store.write(() => {
      task.outcome = outcome;
      task.ended_at = new Date().toISOString();
    });

  route("POST", "/tasks/:task_id/complete", (request) => {
    const { task } = openTask(request);
    end(task, parseBody(completeSchema, body(request)).outcome);
    return taskView(ctx.store.state, task);
  });

  // One step on: a pending call is answered (in progress), an answered one ends as planned.
  route("POST", "/tasks/:task_id/advance", (request) => {
    const { task, status } = openTask(request);
    if (status === "pending") {
      ctx.store.write(() => {
        task.answered_at = new Date().toISOString();
      });
    } else {
      end(task, task.outcome);
    }
    return taskView(ctx.store.state, task);
  });

  route("POST", "/orgs/:handle/cdrs", (request) => {
    const handle = String((request.params as Record<string, string>).handle);
    requireOrgHandle(ctx, handle);
    const input = parseBody(cdrInputSchema, body(request));
    return ctx.store.write((state) => {
      const id = cdrIndexOf(state).lastId + 1;
      const record = { id, organization: handle, ...input };
      appendCdrs(state, [record]);
      const { organization: _, ...view } = record;
      return view;
    });
  });
}
