import { createHash } from "node:crypto";
import type { EmulatorState } from "../state";
import { postCallDataV2 } from "./post-call-data";
import type { TaskRecord } from "./records";

// Simulated calls (docs/emulator.md, decisions K*): a task is `pending` for the first third of
// its call length, `in_progress` until the length has passed, then `completed` or `failed`.
// A scheduled follow-up's call starts at its `scheduled_at` instead of its creation; until it is
// answered it shows the earlier attempt that did not connect. Everything is computed from
// timestamps when read: no timers, nothing to clear at close.

/** Task status values (spec). */
export type TaskStatus = "pending" | "in_progress" | "completed" | "failed";

/** The agent's side of the simulated calls (the number calls are placed from), unless the task names one. */
const ASSISTANT_NUMBER = "+14155550199";

interface CallTimes {
  status: TaskStatus;
  /** When the call was answered (ms). */
  startMs: number;
  /** When it ended or will end (ms). */
  endMs: number;
}

function times(task: TaskRecord, nowMs: number): CallTimes {
  const dialledMs = Date.parse(task.scheduled_at ?? task.created);
  const plannedEnd = dialledMs + task.duration_ms;
  const endMs = task.ended_at === null ? plannedEnd : Date.parse(task.ended_at);
  const answeredMs =
    task.answered_at === null ? dialledMs + Math.floor(task.duration_ms / 3) : Date.parse(task.answered_at);
  const startMs = Math.min(answeredMs, endMs);
  let status: TaskStatus;
  if (task.ended_at !== null || nowMs >= endMs) status = task.outcome;
  else status = nowMs < startMs ? "pending" : "in_progress";
  return { status, startMs, endMs };
}

/** A task's status now. */
export function taskStatus(task: TaskRecord, nowMs = Date.now()): TaskStatus {
  return times(task, nowMs).status;
}

/** Whether a task's call has ended. */
export function isFinal(status: TaskStatus): boolean {
  return status === "completed" || status === "failed";
}

/** The call's length in seconds (0 until it ended, and for a failed call). */
export function callDurationSeconds(task: TaskRecord, nowMs = Date.now()): number {
  const t = times(task, nowMs);
  return t.status === "completed" ? Math.round((t.endMs - t.startMs) / 100) / 10 : 0;
}

/** A stable 24-hex document id, like the platform's `_id`. */
export function documentId(seed: string): string {
  return createHash("sha256").update(seed).digest("hex").slice(0, 24);
}

const str = (v: string | string[] | undefined): string => (typeof v === "string" ? v : "");

function transcript(task: TaskRecord): { role: "agent" | "user"; content: string }[] {
  const name = str(task.contact.name) || "there";
  return [
    { role: "agent", content: `Hi ${name}, this is the ${task.assignee} calling. Is now a good time?` },
    { role: "user", content: "Yes, go ahead." },
    {
      role: "agent",
      content: task.context ? `I'm calling about: ${task.context}` : "I'm calling to follow up.",
    },
    { role: "user", content: "Thanks, please call me back tomorrow." },
    { role: "agent", content: "Noted, we will call you back tomorrow. Goodbye!" },
  ];
}

/** The whole output of a call that has ended (or, for a waiting follow-up, of the earlier attempt). */
function endedOutput(
  task: TaskRecord,
  state: EmulatorState,
  call: { startMs: number; endMs: number; completed: boolean },
  attempt: { number: number; nextAt: string | null },
): Record<string, unknown> {
  const { completed } = call;
  const legacy = task.shape === "legacy";
  const seconds = completed ? Math.round((call.endMs - call.startMs) / 100) / 10 : 0;
  const cost = Math.round(seconds * 0.2) / 100;
  const endReason = completed ? "CUSTOMER_HANGUP" : "NO_ANSWER";
  return {
    call_id: `call_${task._id}${attempt.number > 1 ? `_${attempt.number}` : ""}`,
    customer: str(task.contact.name),
    contact_number: str(task.contact.contact_number),
    call_type: "outbound",
    call_status: completed ? "completed" : "failed",
    call_end_reason: legacy ? endReason.toLowerCase() : endReason,
    start_time: new Date(call.startMs).toISOString(),
    end_time: new Date(call.endMs).toISOString(),
    duration: seconds,
    cost,
    recording_url: completed ? `https://recordings.emulator.invalid/${task.task_id}.mp3` : null,
    transcript: completed ? transcript(task) : [],
    assistant_number: task.assistant_number ?? ASSISTANT_NUMBER,
    call_summary: completed ? "The contact asked for a callback tomorrow." : null,
    post_call_data: legacy
      ? {
          summary: completed ? "The contact asked for a callback tomorrow." : "The call was not answered.",
          outcome: completed ? "callback_requested" : "not_connected",
          sentiment: completed ? "positive" : "neutral",
        }
      : postCallDataV2(task, call, state, attempt),
    metadata: { cost, type: "voice", usage: { minutes: Math.round((seconds / 60) * 1000) / 1000 } },
  };
}

/**
 * A task's `output` now: empty while pending (a follow-up: the earlier attempt, with the next one
 * scheduled), partial while in progress, full once ended.
 */
export function taskOutput(
  task: TaskRecord,
  state: EmulatorState,
  nowMs = Date.now(),
): Record<string, unknown> {
  const t = times(task, nowMs);
  const followUp = task.scheduled_at !== undefined;
  if (t.status === "pending") {
    if (task.scheduled_at === undefined) return {};
    const createdMs = Date.parse(task.created);
    const earlier = { startMs: createdMs, endMs: createdMs, completed: false };
    return endedOutput(task, state, earlier, { number: 1, nextAt: task.scheduled_at });
  }
  if (t.status === "in_progress") {
    return { call_type: "outbound", call_status: "connected", call_end_reason: "" };
  }
  const call = { startMs: t.startMs, endMs: t.endMs, completed: t.status === "completed" };
  return endedOutput(task, state, call, { number: followUp ? 2 : 1, nextAt: null });
}

/** When the task last changed status: its creation, the answer, or the end of the call. */
export function statusChangedAt(task: TaskRecord, nowMs = Date.now()): string {
  const t = times(task, nowMs);
  const ms =
    t.status === "pending" ? Date.parse(task.created) : t.status === "in_progress" ? t.startMs : t.endMs;
  return new Date(ms).toISOString();
}
