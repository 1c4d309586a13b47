import { createHash } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { z } from "zod";
import type { EmulatorContext } from "../domain/context";
import { newThread, PLAYBOOK_MODEL, reply, step, type Thread } from "../domain/playbook";
import { installSiteGuard, type SiteGuardOptions } from "../http/site-guard";

// The inference host: `POST /v1/chat/completions` in the OpenAI wire format, on its own port,
// authenticated by endpoint keys only (decisions Q1–Q5). Errors use the OpenAI error body.

/** Path of the chat completions endpoint on the inference host. */
export const CHAT_PATH = "/v1/chat/completions";

/** Playbooks the host serves (published; model ids with the `public:` prefix). */
const PLAYBOOKS = [PLAYBOOK_MODEL];

const message = z.object({
  role: z.string({ error: "must be a string" }),
  content: z.string({ error: "must be a string" }),
});
const bodySchema = z.object({
  model: z.string({ error: "must be a string" }),
  messages: z
    .array(message, { error: "must be an array of {role, content}" })
    .min(1, { error: "must not be empty" }),
  user: z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }).optional(),
});

function fail(
  reply: FastifyReply,
  status: number,
  type: string,
  code: string,
  message: string,
  param?: string,
) {
  return reply
    .code(status)
    .send({ error: { message, type, code, ...(param === undefined ? {} : { param }) } });
}

/** Why `Authorization` is refused, or `null` when it carries the endpoint key (Q2). */
function refusal(ctx: EmulatorContext, header: string | undefined): string | null {
  const match = /^(\S+)\s+(\S+)$/.exec(header?.trim() ?? "");
  if (match === null) return "Missing API key: send Authorization: Bearer <ENDPOINT_KEY>.";
  const [, scheme = "", key = ""] = match;
  if (scheme.toLowerCase() !== "bearer") {
    return "Invalid authorization scheme: the chat API takes Authorization: Bearer <ENDPOINT_KEY>.";
  }
  if (key === ctx.endpointKey) return null;
  // Saying why helps the caller who mixed the credentials up; the key itself is never repeated.
  return ctx.store.state.tokens.some((t) => t.token === key)
    ? "Incorrect API key provided: a platform API token is not an endpoint key."
    : "Incorrect API key provided.";
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The thread after this request, by the session rules (Q4): a new thread unless `user` names one. */
function advance(ctx: EmulatorContext, model: string, user: string | undefined, userTexts: string[]): Thread {
  const stored = user === undefined ? undefined : ctx.sessions.get(model, user);
  // A stored thread already holds the earlier turns: only the newest message moves it on.
  const texts = stored === undefined ? userTexts : userTexts.slice(-1);
  const thread = texts.reduce(step, stored ?? newThread());
  if (user !== undefined) ctx.sessions.set(model, user, thread);
  return thread;
}

/** Build the inference host's app (not listening yet), answering only the Host names `site` allows. */
export function buildInferenceApp(ctx: EmulatorContext, site: SiteGuardOptions): FastifyInstance {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  installSiteGuard(app, site);
  app.post(CHAT_PATH, (request, res) => {
    const why = refusal(ctx, request.headers.authorization);
    if (why !== null) return fail(res, 401, "authentication_error", "invalid_api_key", why);
    const parsed = bodySchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const param = issue?.path.map(String).join(".") || "body";
      return fail(res, 400, "invalid_request_error", "invalid_request", `${param}: ${issue?.message}`, param);
    }
    const { model, messages, user } = parsed.data;
    if (!model.startsWith("public:")) {
      return fail(
        res,
        400,
        "invalid_request_error",
        "invalid_model",
        "model must be a playbook id with the public: prefix",
        "model",
      );
    }
    if (!PLAYBOOKS.includes(model)) {
      return fail(
        res,
        404,
        "invalid_request_error",
        "model_not_found",
        `The playbook '${model}' does not exist or is not published`,
        "model",
      );
    }
    const thread = advance(
      ctx,
      model,
      user,
      messages.filter((m) => m.role === "user").map((m) => m.content),
    );
    const content = reply(thread);
    const promptTokens = messages.reduce((n, m) => n + words(m.content), 0);
    const id = createHash("sha256")
      .update(JSON.stringify([model, user ?? null, messages, thread]))
      .digest("hex");
    return res.code(200).send({
      id: `chatcmpl-${id.slice(0, 24)}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: words(content),
        total_tokens: promptTokens + words(content),
      },
    });
  });
  app.setNotFoundHandler((request, res) =>
    fail(
      res,
      404,
      "invalid_request_error",
      "not_found",
      `No endpoint at ${request.method} ${request.url.split("?")[0]}`,
    ),
  );
  // Malformed JSON, a wrong Content-Type, an oversized body: the OpenAI error body, never Fastify's.
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, res) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    const type = status === 500 ? "server_error" : "invalid_request_error";
    return fail(
      res,
      status,
      type,
      status === 500 ? "internal_error" : "invalid_request",
      status === 500 ? "Internal server error" : error.message,
    );
  });
  return app;
}
