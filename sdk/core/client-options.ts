import type { Dispatcher } from "undici";
import { z } from "zod";
import type { Logger, TransportConfig } from "./transport";
import { Count, DurationMs, HeaderValue } from "./validate";

/**
 * The retry and concurrency defaults every client takes, said once (the provider settles a lost
 * write's answer with the same budget and backoff).
 */
export const RETRY_DEFAULTS = {
  maxRetries: 3,
  maxRateLimitRetries: 20,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 30_000,
  maxRetryAfterMs: 60_000,
  maxConcurrency: 16,
} as const;

/** Settings every client shares: retries, timeouts, concurrency, diagnostics, the dispatcher. */
export interface TransportOptions {
  /** Retries after the first attempt (default 3); a 429's retries are counted apart. */
  maxRetries?: number | undefined;
  /**
   * Retries after a 429 (default 20), apart from `maxRetries`: a 429 had no effect, and only says
   * that the token's window is full, maybe by other processes sharing the token.
   */
  maxRateLimitRetries?: number | undefined;
  /** Backoff base (default 500 ms): the n-th retry waits up to base·2ⁿ⁻¹, with full jitter. */
  retryBaseDelayMs?: number | undefined;
  /** Backoff cap (default 30 s). */
  retryMaxDelayMs?: number | undefined;
  /** Longest `Retry-After` or rate-limit reset honoured in one wait (default 60 s). */
  maxRetryAfterMs?: number | undefined;
  /** Per-attempt timeout, sending to last body byte (default: 30 s on the platform, 60 s for completions). */
  timeoutMs?: number | undefined;
  /**
   * Requests in flight at once (default 16). The cap is process-wide: every client with the same
   * origin and cap shares one semaphore and one keep-alive connection pool.
   */
  maxConcurrency?: number | undefined;
  /** Diagnostics sink; receives method, path, status, attempt and timings — never credentials or bodies. */
  logger?: Logger | undefined;
  /** Prepended to the SDK's `User-Agent`. */
  userAgent?: string | undefined;
  /** A custom undici dispatcher (proxy agent, custom connector). The in-flight cap still applies. */
  dispatcher?: Dispatcher | undefined;
}

/** Option rules every client shares: retries, timeouts, concurrency, diagnostics, the dispatcher. */
export const TransportOptionFields = {
  baseUrl: z.string({ error: "must be a URL string" }),
  maxRetries: Count.optional(),
  maxRateLimitRetries: Count.optional(),
  retryBaseDelayMs: DurationMs.optional(),
  retryMaxDelayMs: DurationMs.optional(),
  maxRetryAfterMs: DurationMs.optional(),
  timeoutMs: DurationMs.positive({ error: "must be > 0" }).optional(),
  maxConcurrency: z.number({ error: "must be an integer from 1 to 1024" }).int().min(1).max(1024).optional(),
  logger: z
    .custom<Logger>(
      (l) =>
        typeof l === "object" &&
        l !== null &&
        typeof (l as Logger).debug === "function" &&
        typeof (l as Logger).warn === "function",
      { error: "must have debug and warn functions" },
    )
    .optional(),
  userAgent: HeaderValue.optional(),
  dispatcher: z
    .custom<Dispatcher>((d) => typeof d === "object" && d !== null, { error: "must be a Dispatcher" })
    .optional(),
};

/** The shared settings of a client's checked options, each absent one its default (`timeoutMs`: the client's own). */
export function transportSettings(
  o: z.output<z.ZodObject<typeof TransportOptionFields>>,
  timeoutMs: number,
): Omit<TransportConfig, "baseUrl" | "auth" | "orgHandle" | "productId"> {
  return {
    maxRetries: o.maxRetries ?? RETRY_DEFAULTS.maxRetries,
    maxRateLimitRetries: o.maxRateLimitRetries ?? RETRY_DEFAULTS.maxRateLimitRetries,
    retryBaseDelayMs: o.retryBaseDelayMs ?? RETRY_DEFAULTS.retryBaseDelayMs,
    retryMaxDelayMs: o.retryMaxDelayMs ?? RETRY_DEFAULTS.retryMaxDelayMs,
    maxRetryAfterMs: o.maxRetryAfterMs ?? RETRY_DEFAULTS.maxRetryAfterMs,
    timeoutMs: o.timeoutMs ?? timeoutMs,
    maxConcurrency: o.maxConcurrency ?? RETRY_DEFAULTS.maxConcurrency,
    logger: o.logger,
    userAgent: o.userAgent,
    dispatcher: o.dispatcher,
  };
}
