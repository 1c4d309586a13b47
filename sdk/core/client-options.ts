import type { Dispatcher } from "undici";
import { z } from "zod";
import type { Logger } from "./transport";
import { Count, DurationMs, HeaderValue } from "./validate";

/** Option rules every client shares: retries, timeouts, concurrency, diagnostics, the dispatcher. */
export const TransportOptionFields = {
  baseUrl: z.string({ error: "must be a URL string" }),
  maxRetries: Count.optional(),
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
