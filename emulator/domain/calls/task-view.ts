import { organizationByHandle } from "../directory";
import type { EmulatorState } from "../state";
import { indexOf } from "../state-index";
import { isFinal, statusChangedAt, taskOutput, taskStatus } from "./lifecycle";
import type { Run, TaskRecord } from "./records";

// The two task shapes of the spec (decision K2): seeded history is served in the legacy shape,
// tasks created through the API (and scheduled follow-ups) in the current one.

const str = (v: string | string[] | undefined): string => (typeof v === "string" ? v : "");

/** A task in the shape it is stored with, its status and output computed now. */
export function taskView(state: EmulatorState, task: TaskRecord, nowMs = Date.now()) {
  const status = taskStatus(task, nowMs);
  const output = taskOutput(task, state, nowMs);
  const changed = statusChangedAt(task, nowMs);
  const followUp = task.scheduled_at !== undefined;
  // A follow-up waiting for its call counts the earlier attempt that did not connect.
  const failed = status === "failed" || (followUp && status === "pending");
  const common = {
    _id: task._id,
    task_id: task.task_id,
    run_id: task.run_id,
    output,
    assignee: task.assignee,
    status,
    execution_type: "call",
    attachments: [],
    ref_id: str(task.contact.document_id) || task._id,
    failure_count: failed ? 1 : 0,
    last_failure_reason: failed ? "NO_ANSWER" : null,
    retry_attempt: 0,
    last_status_change: changed,
    scheduled_timestamp: task.scheduled_at ?? null,
    created: task.created,
    modified: changed,
  };
  if (task.shape === "legacy") {
    return {
      ...common,
      thread_id: "",
      user_info: { email: str(task.contact.email), full_name: str(task.contact.name) },
      task: { objective: task.context },
      input: {
        name: str(task.contact.name),
        contact_number: str(task.contact.contact_number),
        email: str(task.contact.email),
        context: str(task.contact.context) || task.context,
      },
      run_mode: task.run_mode,
    };
  }
  const org = organizationByHandle(state, task.organization);
  const space = indexOf(state).spaceByToken.get(task.space_token);
  return {
    ...common,
    thread_id: isFinal(status) ? `th_${task._id}` : "",
    user_info: {},
    task: {},
    input: {
      contact_number: str(task.contact.contact_number),
      quality: "standard",
      name: str(task.contact.name),
      token: task.task_id,
      space_token: task.space_token,
      org_id: org?.id ?? 0,
      missing_space_context: task.context === "",
    },
    space_id: space?.id ?? "",
    user: "api",
    user_org_id: String(org?.id ?? ""),
    collection_ref: `col_${task.run_id}`,
    provider: null,
    referenced_task: null,
    follow_up_count: followUp ? 1 : status === "failed" ? 0 : null,
    follow_up_chain_id: followUp ? `fuc_${task._id}` : null,
  };
}

/** A run: `completed` once every task of it has ended, `pending` before (decision K4). */
export function runView(state: EmulatorState, run: Run, nowMs = Date.now()) {
  const tasks = state.tasks.filter((t) => t.run_id === run.run_id);
  const done = tasks.every((t) => isFinal(taskStatus(t, nowMs)));
  const last = tasks.map((t) => statusChangedAt(t, nowMs)).sort();
  return {
    run_id: run.run_id,
    collection_ref: run.collection_ref,
    run_mode: run.run_mode,
    status: done ? "completed" : "pending",
    created: run.created,
    modified: last.at(-1) ?? run.created,
  };
}

/** An agent's execution: one per run, counting its tasks (decision K4). */
export function executionView(state: EmulatorState, run: Run, nowMs = Date.now()) {
  const tasks = state.tasks.filter((t) => t.run_id === run.run_id);
  return {
    run_id: run.run_id,
    status: runView(state, run, nowMs).status,
    total_tasks: tasks.length,
    completed_tasks: tasks.filter((t) => taskStatus(t, nowMs) === "completed").length,
    created: run.created,
  };
}
