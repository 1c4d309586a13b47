import { z } from "zod";
import type { Task as PlatformTask, PostCallData, VoiceClient } from "../../sdk";
import { lookup } from "./lookup";

/** One turn of a call transcript. */
export const TranscriptTurn = z
  .object({
    role: z.string().describe("`agent` or `user`."),
    content: z.string().nullable().describe("What was said."),
  })
  .meta({ id: "TranscriptTurn", description: "One turn of a call transcript." });
export type TranscriptTurn = z.infer<typeof TranscriptTurn>;

const callText =
  "A task's call as far as it has gone: while pending every field is null (the transcript empty); in progress only `callType`, `callStatus` and `callEndReason` are filled.";

/** A task's call as far as it has gone (see the description). */
export const TaskCall = z
  .object({
    callId: z.string().nullable().describe("The call's id."),
    customer: z.string().nullable().describe("The customer called."),
    contactNumber: z.string().nullable().describe("The number called."),
    callType: z.string().nullable().describe("`inbound` or `outbound`."),
    callStatus: z.string().nullable().describe("The call's status."),
    callEndReason: z.string().nullable().describe("Why the call ended."),
    startTime: z.string().nullable().describe("When the call started (ISO 8601)."),
    endTime: z.string().nullable().describe("When the call ended (ISO 8601)."),
    duration: z.number().nullable().describe("The call's duration in seconds."),
    cost: z.number().nullable().describe("The call's cost."),
    recordingUrl: z.string().nullable().describe("Where the call's recording is."),
    assistantNumber: z.string().nullable().describe("The number the agent called from."),
    callSummary: z.string().nullable().describe("A summary of the call."),
    transcript: z.array(TranscriptTurn).describe("The call's transcript, turn by turn."),
    outcome: z
      .string()
      .nullable()
      .describe("The call's outcome from its post-call data, whichever shape it came in."),
    sentiment: z
      .string()
      .nullable()
      .describe("The call's sentiment from its post-call data, whichever shape it came in."),
  })
  .meta({ id: "TaskCall", description: callText });
export type TaskOutput = z.infer<typeof TaskCall>;

/** A task: one call to one contact; `shape` says whether the platform sent it `legacy` or `current`. */
export const Task = z
  .object({
    taskId: z.string().describe("The task's id."),
    runId: z.string().nullable().describe("The run the task belongs to."),
    shape: z
      .enum(["legacy", "current"])
      .describe("Whether the platform sent the task `legacy` or `current`."),
    status: z.string().describe("`pending`, `in_progress`, `completed` or `failed`."),
    assignee: z.string().nullable().describe("The agent handle the task is assigned to."),
    contactName: z.string().nullable().describe("The contact's name."),
    contactNumber: z.string().nullable().describe("The contact's number."),
    failureCount: z.int().nullable().describe("How often the task failed."),
    lastFailureReason: z.string().nullable().describe("Why it last failed."),
    created: z.string().nullable().describe("When it was created (ISO 8601)."),
    modified: z.string().nullable().describe("When it last changed (ISO 8601)."),
    output: TaskCall.describe("The task's call as far as it has gone, both post-call shapes read alike."),
  })
  .meta({ id: "Task", description: "A task: one call to one contact, in either shape the platform sends." });
export type Task = z.infer<typeof Task>;

/** Arguments of {@link listTasks}. */
export const GetTasksArgs = z.object({
  spaceToken: z.string().describe("The space's public token."),
  runId: z.string().describe("The run's id."),
});
export type GetTasksArgs = z.infer<typeof GetTasksArgs>;

/** Outcome and sentiment of either `post_call_data` shape. */
function postCall(data: PostCallData | null | undefined): {
  outcome: string | null;
  sentiment: string | null;
} {
  if (!data) return { outcome: null, sentiment: null };
  if (data.schema_version === 2) {
    return { outcome: data.analytics?.outcome ?? null, sentiment: data.analytics?.sentiment ?? null };
  }
  return { outcome: data.outcome ?? null, sentiment: data.sentiment ?? null };
}

const toTask = (t: PlatformTask): Task => {
  const o = t.output;
  return {
    taskId: t.task_id,
    runId: t.run_id ?? null,
    shape: t.shape,
    status: t.status,
    assignee: t.assignee ?? null,
    contactName: t.input?.name ?? null,
    contactNumber: t.input?.contact_number ?? o.contact_number ?? null,
    failureCount: t.failure_count ?? null,
    lastFailureReason: t.last_failure_reason ?? null,
    created: t.created ?? null,
    modified: t.modified ?? null,
    output: {
      callId: o.call_id ?? null,
      customer: o.customer ?? null,
      contactNumber: o.contact_number ?? null,
      callType: o.call_type ?? null,
      callStatus: o.call_status ?? null,
      callEndReason: o.call_end_reason ?? null,
      startTime: o.start_time ?? null,
      endTime: o.end_time ?? null,
      duration: o.duration ?? null,
      cost: o.cost ?? null,
      recordingUrl: o.recording_url ?? null,
      assistantNumber: o.assistant_number ?? null,
      callSummary: o.call_summary ?? null,
      transcript: (o.transcript ?? []).map((turn) => ({ role: turn.role, content: turn.content ?? null })),
      ...postCall(o.post_call_data),
    },
  };
};

/**
 * Tasks of one run of a space (every page), both shapes; an unknown space fails with the
 * platform's 404, a run that is not in the space with its 206, each naming what was not found.
 */
export async function listTasks(client: VoiceClient, args: Partial<GetTasksArgs>): Promise<Task[]> {
  if (!args.spaceToken) throw new Error("getTasks: spaceToken is required");
  if (!args.runId) throw new Error("getTasks: runId is required");
  const all: Task[] = [];
  const pages = client.tasks.listByRun(args.spaceToken, args.runId, { page_size: 100 });
  for await (const task of pages) all.push(toTask(task));
  return all;
}

export const taskLookups = [
  lookup({
    name: "getTasks",
    description: "Lists the tasks of a run, each with its call's outcome.",
    args: GetTasksArgs,
    output: Task,
    many: true,
    run: listTasks,
  }),
];
