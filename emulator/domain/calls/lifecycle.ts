import { createHash } from "node:crypto";
import type { EmulatorState } from "../state";
import { indexOf } from "../state-index";
import type { TaskRecord } from "./records";

// Simulated calls (docs/emulator.md, decisions K*): a task is `pending` for the first third of
// its call length, `in_progress` until the length has passed, then `completed` or `failed`.
// Everything is computed from timestamps when read: no timers, nothing to clear at close.

/** Task status values (spec). */
export type TaskStatus = "pending" | "in_progress" | "completed" | "failed";

/** The agent's side of the simulated calls (the number calls are placed from). */
const ASSISTANT_NUMBER = "+14155550199";

interface CallTimes {
  status: TaskStatus;
  /** When the call was answered (ms). */
  startMs: number;
  /** When it ended or will end (ms). */
  endMs: number;
}

function times(task: TaskRecord, nowMs: number): CallTimes {
  const createdMs = Date.parse(task.created);
  const plannedEnd = createdMs + task.duration_ms;
  const endMs = task.ended_at === null ? plannedEnd : Date.parse(task.ended_at);
  const answeredMs =
    task.answered_at === null ? createdMs + Math.floor(task.duration_ms / 3) : Date.parse(task.answered_at);
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

function postCallDataV2(task: TaskRecord, t: CallTimes, completed: boolean, state: EmulatorState) {
  const space = indexOf(state).spaceByToken.get(task.space_token);
  const seconds = completed ? (t.endMs - t.startMs) / 1000 : 0;
  return {
    schema_version: 2,
    analytics: {
      sentiment: completed ? "positive" : null,
      engagement: completed ? "high" : null,
      tone: completed ? "friendly" : null,
      contact_status: completed ? "connected" : "not_connected",
      outcome: completed ? "callback_requested" : "not_connected",
      call_score: completed ? 8 : null,
      call_score_breakdown: completed ? { clarity: 4, resolution: 4 } : null,
    },
    summary: {
      headline: completed ? "Contact asked for a callback tomorrow" : null,
      key_points: completed ? ["Contact reached", "Callback requested for tomorrow"] : [],
    },
    lead: {
      name: str(task.contact.name) || null,
      labels: Array.isArray(task.contact.labels) ? task.contact.labels : [],
      objections: [],
      pain_points: [],
      questions_asked: [],
    },
    structured_data: { outcome: completed ? "callback" : null, payment_release_choice: null },
    next_action: { label: completed ? ["callback"] : [], callback_requested: completed, scheduled_at: null },
    follow_up: {
      required: !completed,
      state: completed ? "not_required" : "scheduled",
      reason: completed ? "call completed" : "call failed",
      next_at: null,
      attempt: 1,
      attempts_remaining: completed ? 0 : 2,
      policy: { max_call_attempts: 3, max_followup_attempts: 2, daily_limit: 3, next_call_attempt_number: 2 },
    },
    evaluation: null,
    call_evaluation: null,
    redial: { status: null },
    skipped: completed ? [] : [{ stage: "analysis", reason: "call not connected" }],
    post_call_usage: {
      thread_id: `th_${task._id}`,
      room_name: `room_${task.task_id}`,
      agent_id: task.assignee,
      org_id: null,
      space_token: space?.token ?? null,
      call_start: new Date(t.startMs).toISOString(),
      call_end: new Date(t.endMs).toISOString(),
      call_duration_s: seconds.toFixed(1),
      providers: {
        llm_provider: "emulator",
        llm_model: "emulator-llm",
        stt_provider: "emulator",
        stt_model: "emulator-stt",
        tts_provider: "emulator",
        tts_model: "emulator-tts",
      },
      raw_counters: {
        llm_prompt_tokens: completed ? "420" : "0",
        llm_completion_tokens: completed ? "96" : "0",
        llm_cached_tokens: "0",
        tts_characters_count: completed ? "180" : "0",
        stt_audio_duration: seconds.toFixed(1),
      },
      sku_deltas: [{ codename: "voice_minutes", raw: (seconds / 60).toFixed(3), unit_scale: "1" }],
    },
  };
}

/** A task's `output` now: empty while pending, partial while in progress, full once ended. */
export function taskOutput(
  task: TaskRecord,
  state: EmulatorState,
  nowMs = Date.now(),
): Record<string, unknown> {
  const t = times(task, nowMs);
  const legacy = task.shape === "legacy";
  if (t.status === "pending") return {};
  if (t.status === "in_progress") {
    return { call_type: "outbound", call_status: "connected", call_end_reason: "" };
  }
  const completed = t.status === "completed";
  const seconds = completed ? Math.round((t.endMs - t.startMs) / 100) / 10 : 0;
  const cost = Math.round(seconds * 0.2) / 100;
  const endReason = completed ? "CUSTOMER_HANGUP" : "NO_ANSWER";
  return {
    call_id: `call_${task._id}`,
    customer: str(task.contact.name),
    contact_number: str(task.contact.contact_number),
    call_type: "outbound",
    call_status: completed ? "completed" : "failed",
    call_end_reason: legacy ? endReason.toLowerCase() : endReason,
    start_time: new Date(t.startMs).toISOString(),
    end_time: new Date(t.endMs).toISOString(),
    duration: seconds,
    cost,
    recording_url: completed ? `https://recordings.emulator.invalid/${task.task_id}.mp3` : null,
    transcript: completed ? transcript(task) : [],
    assistant_number: ASSISTANT_NUMBER,
    call_summary: completed ? "The contact asked for a callback tomorrow." : null,
    post_call_data: legacy
      ? {
          summary: completed ? "The contact asked for a callback tomorrow." : "The call was not answered.",
          outcome: completed ? "callback_requested" : "not_connected",
          sentiment: completed ? "positive" : "neutral",
        }
      : postCallDataV2(task, t, completed, state),
    metadata: { cost, type: "voice", usage: { minutes: Math.round((seconds / 60) * 1000) / 1000 } },
  };
}

/** When the task last changed status: its creation, the answer, or the end of the call. */
export function statusChangedAt(task: TaskRecord, nowMs = Date.now()): string {
  const t = times(task, nowMs);
  const ms =
    t.status === "pending" ? Date.parse(task.created) : t.status === "in_progress" ? t.startMs : t.endMs;
  return new Date(ms).toISOString();
}
