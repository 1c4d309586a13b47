import { z } from "zod";
import { Analytics, NotFoundError, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** Tasks by status; null where the platform did not report one. */
const TaskStatusBreakdown = view(
  Analytics.shape.task_status_breakdown,
  { id: "TaskStatusBreakdown", description: "Tasks by status; null where the platform did not report one." },
  {
    pending: "Pending tasks.",
    running: "Running tasks.",
    completed: "Completed tasks.",
    failed: "Failed tasks.",
  },
);

/** Analytics of the organization's voice-agent calls (SIP call records are not counted). */
export const OrganizationAnalytics = view(Analytics, undefined, {
  total_tasks: "Every task.",
  total_calls: "Tasks whose call ended.",
  completed_calls: "Calls that completed.",
  failed_calls: "Calls that failed.",
  avg_duration_seconds: "Mean duration of the completed calls, in seconds.",
  task_status_breakdown: TaskStatusBreakdown.describe("The tasks counted by status."),
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
  return seen(OrganizationAnalytics, a);
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
