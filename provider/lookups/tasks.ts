import { z } from "zod";
import {
  LegacyTask,
  TaskOutput as PlatformOutput,
  type Task as PlatformTask,
  TranscriptTurn as PlatformTurn,
  type PostCallData,
  type VoiceClient,
} from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** One turn of a call transcript. */
export const TranscriptTurn = view(
  PlatformTurn,
  { id: "TranscriptTurn", description: "One turn of a call transcript." },
  { role: "`agent` or `user`.", content: "What was said." },
);
export type TranscriptTurn = z.infer<typeof TranscriptTurn>;

const callText =
  "A task's call as far as it has gone: while pending every field is null (the transcript empty); in progress only `callType`, `callStatus` and `callEndReason` are filled.";

/** The fields of a task's call as the SDK reads them (every one optional: a pending call has none). */
const PlatformCall = PlatformOutput.in.unwrap().unwrap();

/** A task's call as far as it has gone (see the description). */
export const TaskCall = view(
  PlatformCall,
  { id: "TaskCall", description: callText },
  {
    call_id: "The call's id.",
    customer: "The customer called.",
    contact_number: "The number called.",
    call_type: "`inbound` or `outbound`.",
    call_status: "The call's status.",
    call_end_reason: "Why the call ended.",
    start_time: "When the call started (ISO 8601).",
    end_time: "When the call ended (ISO 8601).",
    duration: "The call's duration in seconds.",
    cost: "The call's cost.",
    recording_url: "Where the call's recording is.",
    assistant_number: "The number the agent called from.",
    call_summary: "A summary of the call.",
    // Always a list here (empty while pending), and outcome and sentiment read from either post-call shape.
    transcript: z.array(TranscriptTurn).describe("The call's transcript, turn by turn."),
    outcome: z
      .string()
      .nullable()
      .describe("The call's outcome from its post-call data, whichever shape it came in."),
    sentiment: z
      .string()
      .nullable()
      .describe("The call's sentiment from its post-call data, whichever shape it came in."),
  },
);
export type TaskOutput = z.infer<typeof TaskCall>;

/** A task: one call to one contact; `shape` says whether the platform sent it `legacy` or `current`. */
export const Task = view(
  LegacyTask,
  { id: "Task", description: "A task: one call to one contact, in either shape the platform sends." },
  {
    task_id: "The task's id.",
    run_id: "The run the task belongs to.",
    // The fields both shapes share are read from one of them; these are the lookup's own.
    shape: z
      .enum(["legacy", "current"])
      .describe("Whether the platform sent the task `legacy` or `current`."),
    status: "`pending`, `in_progress`, `completed` or `failed`.",
    assignee: "The agent handle the task is assigned to.",
    contact_name: z.string().nullable().describe("The contact's name."),
    contact_number: z.string().nullable().describe("The contact's number."),
    failure_count: "How often the task failed.",
    last_failure_reason: "Why it last failed.",
    created: "When it was created (ISO 8601).",
    modified: "When it last changed (ISO 8601).",
    output: TaskCall.describe("The task's call as far as it has gone, both post-call shapes read alike."),
  },
);
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
    ...seen(Task, t),
    contactName: t.input?.name ?? null,
    contactNumber: t.input?.contact_number ?? o.contact_number ?? null,
    output: {
      ...seen(TaskCall, o),
      transcript: (o.transcript ?? []).map((turn) => seen(TranscriptTurn, turn)),
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
