import { z } from "zod";

// The two task shapes of the spec (legacy and current) read into one model whose `shape` says
// which one arrived. Every object is loose (unknown fields kept) and every field the spec does not
// promise in both shapes is nullish: the real platform has shown both shapes in one list.

const str = z.string().nullish();
const int = z.number().int().nullish();
const num = z.number().nullish();
const bool = z.boolean().nullish();
const list = z.array(z.unknown()).nullish();
/** A count the platform writes as a numeric string (`"420"`); a number is accepted too. */
const numeric = z.union([z.string(), z.number()]).nullish();

/** One turn of a call transcript; `role` is `agent` or `user` (spec). */
export const TranscriptTurn = z.looseObject({ role: z.string(), content: z.string().nullish() });
export type TranscriptTurn = z.infer<typeof TranscriptTurn>;

/** Legacy `post_call_data`: `{summary, outcome, sentiment}`. */
export const LegacyPostCallData = z.looseObject({
  schema_version: z.undefined().optional(),
  summary: str,
  outcome: str,
  sentiment: str,
});
export type LegacyPostCallData = z.infer<typeof LegacyPostCallData>;

/** Current `post_call_data` (`schema_version` 2) with every group the spec lists. */
export const PostCallDataV2 = z.looseObject({
  schema_version: z.literal(2),
  analytics: z
    .looseObject({
      sentiment: str,
      engagement: str,
      tone: str,
      contact_status: str,
      outcome: str,
      call_score: num,
      call_score_breakdown: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
  summary: z.looseObject({ headline: str, key_points: list }).nullish(),
  lead: z
    .looseObject({ name: str, labels: list, objections: list, pain_points: list, questions_asked: list })
    .nullish(),
  structured_data: z.looseObject({ outcome: z.unknown(), payment_release_choice: z.unknown() }).nullish(),
  next_action: z.looseObject({ label: list, callback_requested: bool, scheduled_at: str }).nullish(),
  follow_up: z
    .looseObject({
      required: bool,
      state: str,
      reason: str,
      next_at: str,
      attempt: int,
      attempts_remaining: int,
      policy: z
        .looseObject({
          max_call_attempts: int,
          max_followup_attempts: int,
          daily_limit: int,
          next_call_attempt_number: int,
        })
        .nullish(),
    })
    .nullish(),
  evaluation: z.unknown().nullish(),
  call_evaluation: z.unknown().nullish(),
  redial: z.looseObject({ status: z.unknown() }).nullish(),
  skipped: z.array(z.looseObject({ stage: str, reason: str })).nullish(),
  post_call_usage: z
    .looseObject({
      thread_id: str,
      room_name: str,
      agent_id: str,
      org_id: z.union([z.string(), z.number()]).nullish(),
      space_token: str,
      call_start: str,
      call_end: str,
      call_duration_s: numeric,
      providers: z
        .looseObject({
          llm_provider: str,
          llm_model: str,
          stt_provider: str,
          stt_model: str,
          tts_provider: str,
          tts_model: str,
        })
        .nullish(),
      raw_counters: z
        .looseObject({
          llm_prompt_tokens: numeric,
          llm_completion_tokens: numeric,
          llm_cached_tokens: numeric,
          tts_characters_count: numeric,
          stt_audio_duration: numeric,
        })
        .nullish(),
      sku_deltas: z.array(z.looseObject({ codename: str, raw: numeric, unit_scale: numeric })).nullish(),
    })
    .nullish(),
});
export type PostCallDataV2 = z.infer<typeof PostCallDataV2>;

/** Either `post_call_data` shape; narrow on `schema_version === 2`. */
export const PostCallData = z.union([PostCallDataV2, LegacyPostCallData]);
export type PostCallData = z.infer<typeof PostCallData>;

/**
 * A task's call result. While the call is pending or in progress it may hold only `call_type`,
 * `call_status` and `call_end_reason` (or nothing), so every field is optional; `null` reads as `{}`.
 */
export const TaskOutput = z
  .looseObject({
    call_id: str,
    customer: str,
    contact_number: str,
    call_type: str,
    call_status: str,
    call_end_reason: str,
    start_time: str,
    end_time: str,
    duration: num,
    cost: num,
    recording_url: str,
    transcript: z.array(TranscriptTurn).nullish(),
    assistant_number: str,
    call_summary: str,
    post_call_data: PostCallData.nullish(),
    metadata: z
      .looseObject({ cost: num, type: str, usage: z.record(z.string(), z.unknown()).nullish() })
      .nullish(),
  })
  .nullish()
  .transform((o) => o ?? {});
export type TaskOutput = z.output<typeof TaskOutput>;

const common = {
  _id: z.string(),
  thread_id: str,
  task_id: z.string(),
  run_id: str,
  output: TaskOutput,
  assignee: str,
  /** `pending`, `in_progress`, `completed` or `failed` seen. */
  status: z.string(),
  execution_type: str,
  attachments: list,
  ref_id: str,
  failure_count: int,
  last_failure_reason: str,
  retry_attempt: int,
  last_status_change: str,
  scheduled_timestamp: str,
  created: str,
  modified: str,
};

/** A task in the legacy shape (`user_info` and `task.objective` filled, `run_mode`). */
export const LegacyTask = z.looseObject({
  ...common,
  shape: z.literal("legacy"),
  user_info: z.looseObject({ email: str, full_name: str }).nullish(),
  task: z.looseObject({ objective: str }).nullish(),
  input: z.looseObject({ name: str, contact_number: str, email: str, context: str }).nullish(),
  run_mode: str,
});
export type LegacyTask = z.infer<typeof LegacyTask>;

/** A task in the current shape (`space_id`, `user`, `collection_ref`…). */
export const CurrentTask = z.looseObject({
  ...common,
  shape: z.literal("current"),
  user_info: z.record(z.string(), z.unknown()).nullish(),
  task: z.record(z.string(), z.unknown()).nullish(),
  input: z
    .looseObject({
      contact_number: str,
      quality: str,
      name: str,
      token: str,
      space_token: str,
      org_id: z.union([z.number(), z.string()]).nullish(),
      missing_space_context: bool,
    })
    .nullish(),
  space_id: str,
  user: str,
  user_org_id: str,
  collection_ref: str,
  provider: str,
  referenced_task: str,
  follow_up_count: int,
  follow_up_chain_id: str,
});
export type CurrentTask = z.infer<typeof CurrentTask>;

const CURRENT_ONLY = [
  "space_id",
  "user",
  "user_org_id",
  "collection_ref",
  "referenced_task",
  "follow_up_chain_id",
];

/** Which shape a raw task is: current when it has a current-only field or v2 post-call data. */
export function taskShape(raw: Record<string, unknown>): "legacy" | "current" {
  if (CURRENT_ONLY.some((k) => raw[k] !== undefined)) return "current";
  const output = raw.output as { post_call_data?: { schema_version?: unknown } } | null | undefined;
  return output?.post_call_data?.schema_version === 2 ? "current" : "legacy";
}

/** A task of either shape; `shape` (added by the SDK) says which one the platform sent. */
export const Task = z.preprocess(
  (raw) =>
    raw !== null && typeof raw === "object" && !Array.isArray(raw)
      ? { ...raw, shape: taskShape(raw as Record<string, unknown>) }
      : raw,
  z.discriminatedUnion("shape", [LegacyTask, CurrentTask]),
);
export type Task = z.output<typeof Task>;
