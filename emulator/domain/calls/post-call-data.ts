import type { EmulatorState } from "../state";
import { indexOf } from "../state-index";
import type { TaskRecord } from "./records";

// The current task shape's post-call analysis (spec: post_call_data, current shape), as the
// emulator fills it for a simulated call: fixed analytics for a connected call, and the follow-up
// policy that asks for another attempt after a call that did not connect.

/** Calls the follow-up policy allows per contact, the first one included. */
const MAX_CALL_ATTEMPTS = 3;

const str = (v: string | string[] | undefined): string => (typeof v === "string" ? v : "");

/** Which attempt a call was, and when the next one is due (`null`: not scheduled). */
export interface CallAttempt {
  number: number;
  nextAt: string | null;
}

/**
 * The current shape's `post_call_data` of a task's ended call (decision K2): a call that did not
 * connect asks for a follow-up, due at `attempt.nextAt` when one is scheduled.
 */
export function postCallDataV2(
  task: TaskRecord,
  call: { startMs: number; endMs: number; completed: boolean },
  state: EmulatorState,
  attempt: CallAttempt,
) {
  const { completed } = call;
  const space = indexOf(state).spaceByToken.get(task.space_token);
  const seconds = completed ? (call.endMs - call.startMs) / 1000 : 0;
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
      next_at: completed ? null : attempt.nextAt,
      attempt: attempt.number,
      attempts_remaining: completed ? 0 : MAX_CALL_ATTEMPTS - attempt.number,
      policy: {
        max_call_attempts: MAX_CALL_ATTEMPTS,
        max_followup_attempts: MAX_CALL_ATTEMPTS - 1,
        daily_limit: 3,
        next_call_attempt_number: attempt.number + 1,
      },
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
      call_start: new Date(call.startMs).toISOString(),
      call_end: new Date(call.endMs).toISOString(),
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
