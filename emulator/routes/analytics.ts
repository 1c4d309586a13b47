import { isFinal, taskOutput, taskStatus } from "../domain/calls/lifecycle";
import { spaceIn } from "../domain/directory";
import { requireOrg } from "../http/auth";
import { notFound, ok } from "../http/envelope";
import type { PlatformRouter } from "../http/router";

/** `GET /organisation/analytics/`: the organization's tasks and calls, aggregated now (decision K7). */
export function registerAnalyticsRoutes(router: PlatformRouter): void {
  router.get("/organisation/analytics/", (req) => {
    const org = requireOrg(req.ctx.store, req.grant, req.headers);
    const state = req.ctx.store.state;
    const raw = req.query.space_token;
    const spaceToken = typeof raw === "string" && raw !== "" ? raw : undefined;
    if (spaceToken !== undefined && spaceIn(state, spaceToken, [org.domain_handle]) === undefined) {
      throw notFound(`Space '${spaceToken}'`);
    }
    const now = Date.now();
    const tasks = state.tasks.filter(
      (t) =>
        t.organization === org.domain_handle && (spaceToken === undefined || t.space_token === spaceToken),
    );
    const breakdown = { pending: 0, running: 0, completed: 0, failed: 0 };
    let seconds = 0;
    for (const task of tasks) {
      const status = taskStatus(task, now);
      breakdown[status === "in_progress" ? "running" : status]++;
      if (status === "completed") seconds += Number(taskOutput(task, state, now).duration ?? 0);
    }
    const ended = tasks.filter((t) => isFinal(taskStatus(t, now))).length;
    return ok(
      {
        total_calls: ended,
        completed_calls: breakdown.completed,
        failed_calls: breakdown.failed,
        total_tasks: tasks.length,
        avg_duration_seconds:
          breakdown.completed === 0 ? 0 : Math.round((seconds / breakdown.completed) * 10) / 10,
        task_status_breakdown: breakdown,
      },
      "Analytics retrieved successfully",
    );
  });
}
