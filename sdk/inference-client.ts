import { inspect } from "node:util";
import { z } from "zod";
import { resolveBaseUrl } from "./client";
import { SchemeAuth } from "./core/auth";
import { TransportOptionFields, type TransportOptions, transportSettings } from "./core/client-options";
import { refuseOption } from "./core/credentials";
import { Transport } from "./core/transport";
import { check, HeaderValue } from "./core/validate";
import { Chat, Completions } from "./resources/chat";

/** Settings of an {@link InferenceClient}; a completion is a POST, retried only when nothing was sent. */
export interface InferenceClientOptions extends TransportOptions {
  /** Inference host, e.g. `https://inference.example.com`; `/v1` is appended unless present. https except loopback. */
  baseUrl: string;
  /** Endpoint key of a published playbook, sent as `Authorization: Bearer <key>`; never printed or logged. */
  endpointKey: string;
}

/** A completion's default per-attempt timeout: a model answers slower than the platform. */
const COMPLETION_TIMEOUT_MS = 60_000;

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
      ...transportSettings(o, COMPLETION_TIMEOUT_MS),
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
