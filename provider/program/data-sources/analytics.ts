import { NotFoundError } from "../../../sdk";
import { dataSource } from "../data-source";

/** Analytics of the organization's voice-agent calls (SIP call records are not counted). */
export interface OrganizationAnalytics {
  totalTasks: number;
  /** Tasks whose call ended. */
  totalCalls: number;
  completedCalls: number;
  failedCalls: number;
  /** Mean duration of the completed calls, in seconds. */
  avgDurationSeconds: number;
  /** Tasks by status; null where the platform did not report one. */
  taskStatusBreakdown: {
    pending: number | null;
    running: number | null;
    completed: number | null;
    failed: number | null;
  };
}

/** Arguments of {@link getAnalytics}. */
export interface GetAnalyticsArgs {
  /** Only the tasks of this space (public token). */
  spaceToken?: string;
}

const analytics = dataSource<GetAnalyticsArgs, OrganizationAnalytics>(
  "getAnalytics",
  async (client, args) => {
    const spaceToken = args.spaceToken;
    const a = await client.analytics
      .retrieve(spaceToken === undefined ? {} : { space_token: spaceToken })
      .catch((err: unknown) => {
        // The path does not carry the space token, so the platform's 404 alone would not name it.
        if (spaceToken !== undefined && err instanceof NotFoundError) {
          throw new Error(`no space with token "${spaceToken}" (${err.message})`);
        }
        throw err;
      });
    const b = a.task_status_breakdown;
    return {
      totalTasks: a.total_tasks,
      totalCalls: a.total_calls,
      completedCalls: a.completed_calls,
      failedCalls: a.failed_calls,
      avgDurationSeconds: a.avg_duration_seconds,
      taskStatusBreakdown: {
        pending: b.pending ?? null,
        running: b.running ?? null,
        completed: b.completed ?? null,
        failed: b.failed ?? null,
      },
    };
  },
);

/** Analytics of the organization, or of one of its spaces; an unknown space token is an error naming it. */
export const getAnalytics = analytics.get;
/** {@link getAnalytics} as an Output. */
export const getAnalyticsOutput = analytics.getOutput;
