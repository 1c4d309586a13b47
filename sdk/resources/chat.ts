import { z } from "zod";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";
import { check } from "../core/validate";

/** Prefix of a published playbook's model id (spec: Playbook). */
export const PLAYBOOK_PREFIX = "public:";

/** One chat message, as in the OpenAI chat format. */
export const ChatMessage = z.object(
  {
    role: z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }),
    content: z.string({ error: "must be a string" }),
  },
  { error: "must be a {role, content} object" },
);
export type ChatMessage = z.input<typeof ChatMessage>;

/** Body of `chat.completions.create`; `user` is a stable session id (one per caller or conversation). */
export const ChatCompletionCreateParams = z.object(
  {
    model: z
      .string({ error: "must be a string" })
      .refine((m) => m.startsWith(PLAYBOOK_PREFIX) && m.length > PLAYBOOK_PREFIX.length, {
        error: "must be a playbook id with the public: prefix, e.g. public:my-playbook",
      }),
    messages: z
      .array(ChatMessage, { error: "must be an array of {role, content}" })
      .min(1, { error: "must not be empty" }),
    user: z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }).optional(),
  },
  { error: "must be an object" },
);
export type ChatCompletionCreateParams = z.input<typeof ChatCompletionCreateParams>;

/** A chat completion (OpenAI `chat.completion` shape). */
export const ChatCompletion = z.looseObject({
  id: z.string(),
  object: z.string(),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.looseObject({
      index: z.number().int(),
      message: z.looseObject({ role: z.string(), content: z.string().nullable() }),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: z
    .looseObject({
      prompt_tokens: z.number().int(),
      completion_tokens: z.number().int(),
      total_tokens: z.number().int(),
    })
    .nullish(),
});
export type ChatCompletion = z.infer<typeof ChatCompletion>;

/** Per-call options of the chat API (no organization or product headers there). */
export type ChatRequestOptions = Pick<RequestOptions, "signal" | "timeoutMs" | "maxRetries">;

/** `POST /v1/chat/completions`. */
export class Completions extends APIResource {
  /**
   * Sends the conversation to a published playbook. Never replayed once it may have reached the
   * host: with `user` a replay would move the session's thread twice.
   */
  create(body: ChatCompletionCreateParams, options?: ChatRequestOptions): Promise<ChatCompletion> {
    return this._t.request({
      method: "POST",
      path: "/chat/completions",
      // Field names read as the body's own (`model`, `messages[0].content`).
      args: () => ({ body: check(ChatCompletionCreateParams, body, "") }),
      schema: ChatCompletion,
      orgHandle: false,
      envelope: false,
      options,
    });
  }
}

/** The chat API: `chat.completions.create(…)`. */
export class Chat {
  readonly completions: Completions;
  constructor(completions: Completions) {
    this.completions = completions;
  }
}
