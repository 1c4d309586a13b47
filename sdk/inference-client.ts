import { inspect } from "node:util";
import type { Dispatcher } from "undici";
import { z } from "zod";
import { resolveBaseUrl } from "./client";
import { SchemeAuth } from "./core/auth";
import { TransportOptionFields } from "./core/client-options";
import { refuseOption } from "./core/credentials";
import { type Logger, Transport } from "./core/transport";
import { check, HeaderValue } from "./core/validate";
import { Chat, Completions } from "./resources/chat";

/** Settings of an {@link InferenceClient}. */
export interface InferenceClientOptions {
  /** Inference host, e.g. `https://inference.example.com`; `/v1` is appended unless present. https except loopback. */
  baseUrl: string;
  /** Endpoint key of a published playbook, sent as `Authorization: Bearer <key>`; never printed or logged. */
  endpointKey: string;
  /** Retries after the first attempt (default 3; a completion is retried only when nothing was sent). */
  maxRetries?: number | undefined;
  /** Backoff base (default 500 ms). */
  retryBaseDelayMs?: number | undefined;
  /** Backoff cap (default 30 s). */
  retryMaxDelayMs?: number | undefined;
  /** Longest `Retry-After` honoured in one wait (default 60 s). */
  maxRetryAfterMs?: number | undefined;
  /** Per-attempt timeout (default 60 s: a playbook may think a while). */
  timeoutMs?: number | undefined;
  /** Requests in flight at once (default 16), shared per origin like the platform client's. */
  maxConcurrency?: number | undefined;
  /** Diagnostics sink; never given the key, headers or bodies. */
  logger?: Logger | undefined;
  /** Prepended to the SDK's `User-Agent`. */
  userAgent?: string | undefined;
  /** A custom undici dispatcher. */
  dispatcher?: Dispatcher | undefined;
}

const Options = z.object(
  {
    ...TransportOptionFields,
    endpointKey: HeaderValue,
  },
  { error: "must be an object" },
);

/** Client of the chat completions API on the inference host (its own host and endpoint key). */
export class InferenceClient {
  /** API base the client talks to (origin plus `/v1`). */
  readonly baseUrl: string;
  readonly chat: Chat;

  constructor(options: InferenceClientOptions) {
    // The platform token is another surface's credential (spec: the tokens must not be mixed).
    refuseOption(
      options,
      "token",
      "is the platform API's token: use VoiceClient for it (InferenceClient takes an endpoint key, options.endpointKey)",
    );
    refuseOption(options, "orgHandle", "is a platform API setting: the chat API has no organization header");
    const o = check(Options, options, "options");
    const baseUrl = resolveBaseUrl(o.baseUrl, "/v1");
    this.baseUrl = baseUrl.href.replace(/\/$/, "");
    const transport = new Transport({
      baseUrl,
      auth: new SchemeAuth("Bearer", o.endpointKey),
      orgHandle: undefined,
      productId: undefined,
      maxRetries: o.maxRetries ?? 3,
      retryBaseDelayMs: o.retryBaseDelayMs ?? 500,
      retryMaxDelayMs: o.retryMaxDelayMs ?? 30_000,
      maxRetryAfterMs: o.maxRetryAfterMs ?? 60_000,
      timeoutMs: o.timeoutMs ?? 60_000,
      maxConcurrency: o.maxConcurrency ?? 16,
      logger: o.logger,
      userAgent: o.userAgent,
      dispatcher: o.dispatcher,
    });
    this.chat = new Chat(new Completions(transport));
  }

  toJSON(): object {
    return { baseUrl: this.baseUrl };
  }

  [inspect.custom](): string {
    return `InferenceClient ${inspect(this.toJSON())}`;
  }
}
