import type { Task as PlatformTask, PostCallData } from "../../../sdk";
import { dataSource } from "../data-source";

/** One turn of a call transcript: `agent` or `user`. */
export interface TranscriptTurn {
  role: string;
  content: string | null;
}

/**
 * A task's call as far as it has gone: while pending every field is null (the transcript empty);
 * in progress only `callType`, `callStatus` and `callEndReason` are filled.
 */
export interface TaskOutput {
  callId: string | null;
  customer: string | null;
  contactNumber: string | null;
  callType: string | null;
  callStatus: string | null;
  callEndReason: string | null;
  startTime: string | null;
  endTime: string | null;
  /** Seconds. */
  duration: number | null;
  cost: number | null;
  recordingUrl: string | null;
  assistantNumber: string | null;
  callSummary: string | null;
  transcript: TranscriptTurn[];
  /** The call's outcome from its post-call data, whichever shape it came in. */
  outcome: string | null;
  /** The call's sentiment from its post-call data, whichever shape it came in. */
  sentiment: string | null;
}

/** A task: one call to one contact; `shape` says whether the platform sent it `legacy` or `current`. */
export interface Task {
  taskId: string;
  runId: string | null;
  shape: "legacy" | "current";
  /** `pending`, `in_progress`, `completed` or `failed`. */
  status: string;
  /** The agent handle the task is assigned to. */
  assignee: string | null;
  contactName: string | null;
  contactNumber: string | null;
  failureCount: number | null;
  lastFailureReason: string | null;
  created: string | null;
  modified: string | null;
  output: TaskOutput;
}

/** Arguments of {@link getTasks}. */
export interface GetTasksArgs {
  /** The space's public token. */
  spaceToken: string;
  /** The run, as {@link getRuns} lists it. */
  runId: string;
}

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

const tasks = dataSource<GetTasksArgs, Task[]>("getTasks", async (client, args) => {
  if (!args.spaceToken) throw new Error("getTasks: spaceToken is required");
  if (!args.runId) throw new Error("getTasks: runId is required");
  const all: Task[] = [];
  const pages = client.tasks.listByRun(args.spaceToken, args.runId, { page_size: 100 });
  for await (const task of pages) all.push(toTask(task));
  return all;
});

/**
 * Tasks of one run of a space (every page), both shapes; an unknown space fails with the
 * platform's 404, a run that is not in the space with its 206, each naming what was not found.
 */
export const getTasks = tasks.get as (args: GetTasksArgs) => Promise<Task[]>;
/** {@link getTasks} as an Output. */
export const getTasksOutput = tasks.getOutput;
