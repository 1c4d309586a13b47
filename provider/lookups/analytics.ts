import { z } from "zod";
import { NotFoundError, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";

/** Tasks by status; null where the platform did not report one. */
export const TaskStatusBreakdown = z
  .object({
    pending: z.int().nullable().describe("Pending tasks."),
    running: z.int().nullable().describe("Running tasks."),
    completed: z.int().nullable().describe("Completed tasks."),
    failed: z.int().nullable().describe("Failed tasks."),
  })
  .meta({
    id: "TaskStatusBreakdown",
    description: "Tasks by status; null where the platform did not report one.",
  });

/** Analytics of the organization's voice-agent calls (SIP call records are not counted). */
export const OrganizationAnalytics = z.object({
  totalTasks: z.int().describe("Every task."),
  totalCalls: z.int().describe("Tasks whose call ended."),
  completedCalls: z.int().describe("Calls that completed."),
  failedCalls: z.int().describe("Calls that failed."),
  avgDurationSeconds: z.number().describe("Mean duration of the completed calls, in seconds."),
  taskStatusBreakdown: TaskStatusBreakdown.describe("The tasks counted by status."),
});
export type OrganizationAnalytics = z.infer<typeof OrganizationAnalytics>;

/** Arguments of {@link fetchAnalytics}. */
export const GetAnalyticsArgs = z.object({
  spaceToken: z.string().optional().describe("One space's figures instead of the organization's."),
});
export type GetAnalyticsArgs = z.infer<typeof GetAnalyticsArgs>;

/** Analytics of the organization, or of one of its spaces; an unknown space token is an error naming it. */
export async function fetchAnalytics(
  client: VoiceClient,
  args: Partial<GetAnalyticsArgs>,
): Promise<OrganizationAnalytics> {
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
}

export const analyticsLookups = [
  lookup({
    name: "getAnalytics",
    description: "Answers the organization's (or one space's) task and call counts.",
    args: GetAnalyticsArgs,
    output: OrganizationAnalytics,
    many: false,
    run: fetchAnalytics,
  }),
];
