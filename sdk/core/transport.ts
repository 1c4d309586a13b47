import type { Dispatcher } from "undici";
import type { z } from "zod";
import type { AuthStrategy } from "./auth";
import type { ListResult } from "./envelope";
import { createApiError, InvalidArgumentError, type ResponseHeaders, type VoiceApiError } from "./errors";
import { ownPackage } from "./own-package";
import { type RateLimiter, sharedRateLimiter, sleep } from "./rate-limiter";
import { RequestHeaders } from "./request-headers";
import {
  type BackoffPolicy,
  classifyConnectionError,
  type Failure,
  type HttpMethod,
  parseRetryAfterMs,
  planRetry,
  type RetryCount,
} from "./retry";
import { type Semaphore, sharedSemaphore } from "./semaphore";
import { unwrapBody } from "./unwrap";
import { check, RequestOptionsSchema } from "./validate";
import {
  AttemptDeadline,
  fillRoute,
  parseBody,
  queryString,
  type RequestArgs,
  secretValues,
  sharedPool,
} from "./wire";

/** SDK version sent in `User-Agent`: the installed package's own. */
export const SDK_VERSION: string = ownPackage()?.version ?? "unknown";

/** Receives diagnostics; never given tokens, secrets, headers or bodies. */
export interface Logger {
  debug(msg: string, meta?: object): void;
  warn(msg: string, meta?: object): void;
}

/** Per-call options every SDK method accepts last. */
export interface RequestOptions {
  /** Aborts the call (waits and retries included) with an AbortError. */
  signal?: AbortSignal | undefined;
  /** Per-attempt limit from sending to the last body byte. */
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  /** Retries after a 429, counted apart from `maxRetries`. */
  maxRateLimitRetries?: number | undefined;
  /** Overrides the client's `Org-Handle`. */
  orgHandle?: string | undefined;
  /** Overrides the client's `Product-ID`. */
  productId?: string | undefined;
}

/** Settings of a {@link Transport}, already checked by the client that builds it. */
export interface TransportConfig {
  /** API base: origin plus path prefix, e.g. `https://host/api/v2/platform`. */
  baseUrl: URL;
  auth: AuthStrategy;
  orgHandle: string | undefined;
  productId: string | undefined;
  maxRetries: number;
  maxRateLimitRetries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  maxRetryAfterMs: number;
  timeoutMs: number;
  maxConcurrency: number;
  logger: Logger | undefined;
  userAgent: string | undefined;
  /** A custom undici dispatcher (proxy, custom connector); default: a shared keep-alive Pool. */
  dispatcher: Dispatcher | undefined;
  /** Jitter source (tests). */
  random?: () => number;
}

export type { RequestArgs } from "./wire";

interface BaseSpec {
  method: HttpMethod;
  /** Route below the API base with `{name}` placeholders, e.g. `/telephony/bridges/{slug}/`. */
  path: string;
  /** Builds and checks arguments; runs inside `request` so a bad one rejects, naming the route. */
  args?: () => RequestArgs;
  /** Send `Org-Handle` (default true). */
  orgHandle?: boolean;
  /** Send `Product-ID` (default false). */
  productId?: boolean;
  /** The answer is the platform envelope around `data` (default true); false for the chat API's bare bodies. */
  envelope?: boolean;
  options?: RequestOptions | undefined;
}

/** A call whose answer is `data` of one record (`list` false), a list, or nothing (`schema` null). */
export type RequestSpec<S extends z.ZodType> = BaseSpec & { schema: S; list?: boolean };

type Outcome =
  | { kind: "response"; status: number; headers: ResponseHeaders; body: unknown }
  | { kind: "failure"; error: VoiceApiError; failure: Failure | null };

/**
 * Sends requests to one API base: headers, JSON, timeouts, cancellation, pacing, retries, envelope
 * unwrapping, response validation and error mapping all happen here, once.
 */
export class Transport {
  readonly #cfg: TransportConfig;
  readonly #dispatcher: Dispatcher;
  readonly #gate: Semaphore;
  readonly #limiter: RateLimiter;
  readonly #policy: BackoffPolicy;
  readonly #origin: string;
  /** The API base path without its trailing slash. */
  readonly #basePath: string;
  readonly #headers: RequestHeaders;

  constructor(cfg: TransportConfig) {
    this.#cfg = cfg;
    this.#origin = cfg.baseUrl.origin;
    this.#basePath = cfg.baseUrl.pathname.replace(/\/$/, "");
    const userAgent = [cfg.userAgent, `pulumi-voice-platform-sdk/${SDK_VERSION}`, `node/${process.version}`]
      .filter(Boolean)
      .join(" ");
    this.#headers = new RequestHeaders(cfg.auth, userAgent, cfg.orgHandle, cfg.productId);
    this.#dispatcher = cfg.dispatcher ?? sharedPool(this.#origin, cfg.maxConcurrency);
    this.#gate = sharedSemaphore(this.#origin, cfg.maxConcurrency);
    this.#limiter = sharedRateLimiter(`${this.#origin} ${cfg.auth.fingerprint()}`);
    this.#policy = {
      baseDelayMs: cfg.retryBaseDelayMs,
      maxDelayMs: cfg.retryMaxDelayMs,
      maxRetryAfterMs: cfg.maxRetryAfterMs,
      random: cfg.random ?? Math.random,
    };
  }

  /** Sends one call (with retries) and returns its unwrapped, validated `data`. */
  request<S extends z.ZodType>(spec: RequestSpec<S> & { list: true }): Promise<ListResult<z.output<S>>>;
  request<S extends z.ZodType>(spec: RequestSpec<S> & { list?: false }): Promise<z.output<S>>;
  request(spec: BaseSpec & { schema: null }): Promise<void>;
  async request(spec: BaseSpec & { schema: z.ZodType | null; list?: boolean }): Promise<unknown> {
    const { method } = spec;
    let opts: RequestOptions;
    let args: RequestArgs;
    try {
      // Most calls pass no options: skip validating nothing on the hot path.
      opts = spec.options === undefined ? {} : (check(RequestOptionsSchema, spec.options, "options") ?? {});
      args = spec.args?.() ?? {};
    } catch (e) {
      if (!(e instanceof InvalidArgumentError)) throw e;
      throw createApiError({ kind: "argument", method, path: spec.path, field: e.field, reason: e.reason });
    }
    const path = fillRoute(spec.path, args.params);
    const target = this.#basePath + path + queryString(args.query);
    const sendOrg = args.orgHandle ?? spec.orgHandle ?? true;
    const headers = this.#headers.for({
      sendOrg,
      sendProduct: spec.productId === true,
      hasBody: args.body !== undefined,
      orgHandle: opts.orgHandle,
      productId: opts.productId,
    });
    const body = args.body === undefined ? undefined : JSON.stringify(args.body);
    const maxRetries = opts.maxRetries ?? this.#cfg.maxRetries;
    const maxRateLimitRetries = opts.maxRateLimitRetries ?? this.#cfg.maxRateLimitRetries;
    const timeoutMs = opts.timeoutMs ?? this.#cfg.timeoutMs;
    const signal = opts.signal;
    const where = { method, path };

    const count: RetryCount = { retries: 0, rateLimited: 0 };
    const budget = { maxRetries, maxRateLimitRetries };
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      // A call retried after a 429 has waited longest: it goes ahead of the queues.
      const front = count.rateLimited > 0;
      const outcome = await this.#attempt(method, path, target, headers, body, timeoutMs, signal, front);
      let error: VoiceApiError;
      let failure: Failure | null;
      let retryAfterMs: number | undefined;
      if (outcome.kind === "response") {
        const { status } = outcome;
        if (this.#cfg.logger) {
          this.#log("debug", `${method} ${path} → ${status}`, {
            ...where,
            status,
            attempt,
            ms: Date.now() - started,
          });
        }
        if (status >= 200 && status < 300 && status !== 206) {
          return spec.schema === null
            ? undefined
            : unwrapBody(spec.schema, spec.list === true, outcome, where, spec.envelope !== false);
        }
        retryAfterMs = parseRetryAfterMs(outcome.headers["retry-after"]);
        // Values to scrub from the platform's message, gathered only when there is one to scrub.
        const secrets = [...this.#cfg.auth.secrets(), ...secretValues(args.body)];
        error = createApiError({ ...outcome, ...where, retryAfterMs, secrets });
        failure = { type: "status", status };
      } else {
        ({ error, failure } = outcome);
        this.#log("debug", `${method} ${path} failed: ${error.name}`, {
          ...where,
          attempt,
          error: error.name,
        });
      }
      const plan =
        failure === null ? undefined : planRetry(method, failure, count, budget, retryAfterMs, this.#policy);
      if (plan === undefined) throw error;
      const { delayMs } = plan;
      const msg =
        plan.rateLimited && delayMs === 0
          ? `retrying ${method} ${path} after ${error.name}, once its Retry-After (${retryAfterMs} ms) has passed`
          : `retrying ${method} ${path} in ${delayMs} ms after ${error.name}`;
      this.#log("warn", msg, {
        ...where,
        attempt,
        ...budget,
        delayMs,
        status: error.status,
      });
      try {
        await sleep(delayMs, signal);
      } catch (cause) {
        throw createApiError({ kind: "abort", ...where, cause });
      }
    }
  }

  /** One attempt: wait for a slot and the rate-limit window, send, read the whole body. */
  async #attempt(
    method: HttpMethod,
    path: string,
    target: string,
    headers: Readonly<Record<string, string>>,
    body: string | undefined,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    front: boolean,
  ): Promise<Outcome> {
    const where = { method, path };
    let release: (() => void) | undefined;
    let ticket: Awaited<ReturnType<RateLimiter["acquire"]>> | undefined;
    try {
      // A free slot and a window with requests left are the common case: take them without awaiting.
      release =
        (signal || front ? undefined : this.#gate.tryAcquire()) ?? (await this.#gate.acquire(signal, front));
      ticket =
        (signal || front ? undefined : this.#limiter.tryAcquire()) ??
        (await this.#limiter.acquire(signal, this.#cfg.maxRetryAfterMs, front));
    } catch (cause) {
      release?.();
      return { kind: "failure", error: createApiError({ kind: "abort", ...where, cause }), failure: null };
    }
    if (signal?.aborted) {
      // Aborted while waiting for the window: nothing was sent.
      ticket.done(undefined);
      release();
      return {
        kind: "failure",
        error: createApiError({ kind: "abort", ...where, cause: signal.reason }),
        failure: null,
      };
    }
    const deadline = new AttemptDeadline(timeoutMs, signal);
    let headersSeen: ResponseHeaders | undefined;
    try {
      const res = await this.#dispatcher.request({
        origin: this.#origin,
        path: target,
        method,
        headers,
        body: body ?? null,
        signal: deadline,
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      headersSeen = res.headers;
      const text = await res.body.text();
      const status = res.statusCode;
      const retryAfterMs = status === 429 ? parseRetryAfterMs(res.headers["retry-after"]) : undefined;
      ticket.done(
        res.headers,
        retryAfterMs === undefined ? undefined : Math.min(retryAfterMs, this.#cfg.maxRetryAfterMs),
      );
      return { kind: "response", status, headers: res.headers, body: parseBody(text) };
    } catch (cause) {
      ticket.done(headersSeen);
      if (signal?.aborted) {
        return { kind: "failure", error: createApiError({ kind: "abort", ...where, cause }), failure: null };
      }
      if (deadline.expired) {
        const error = createApiError({ kind: "timeout", ...where, timeoutMs, cause });
        return { kind: "failure", error, failure: { type: "timeout" } };
      }
      const { code, sent } = classifyConnectionError(cause);
      const error = createApiError({ kind: "connection", ...where, cause, sent, code });
      return { kind: "failure", error, failure: { type: "connection", sent, code } };
    } finally {
      deadline.dispose();
      release();
    }
  }

  #log(level: "debug" | "warn", msg: string, meta: object): void {
    try {
      this.#cfg.logger?.[level](msg, meta);
    } catch {
      // A failing logger must not fail the call it describes.
    }
  }
}
