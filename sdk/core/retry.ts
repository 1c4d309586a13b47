// Retry policy (decision C1): what may be retried for which method, and how long to wait.

/** HTTP methods the SDK sends. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A failed attempt, as the retry policy sees it. */
export type Failure =
  | { type: "status"; status: number }
  | { type: "connection"; sent: boolean; code: string | undefined }
  | { type: "timeout" };

/** Backoff settings; `random` is injectable so tests can pin the jitter. */
export interface BackoffPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  random: () => number;
}

const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * Whether a failure may be retried. A 429 never had an effect, and a connection that failed before
 * the request left has none either, so those are retried for every method. Everything else may
 * have been processed: only replayable methods retry (PATCH bodies here are absolute values).
 */
export function isRetryable(method: HttpMethod, failure: Failure): boolean {
  const replayable = method !== "POST";
  switch (failure.type) {
    case "status":
      return failure.status === 429 || (replayable && GATEWAY_STATUSES.has(failure.status));
    case "connection":
      if (failure.code !== undefined && PERMANENT_CODES.has(failure.code)) return false;
      return !failure.sent || replayable;
    case "timeout":
      return replayable;
  }
}

/** Capped exponential backoff with full jitter; `retry` is 0 for the first retry. */
export function backoffMs(retry: number, policy: BackoffPolicy): number {
  // The exponent is clamped so a zero base never meets an infinite factor (0·∞ = NaN).
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(Math.max(0, retry), 52));
  const raw = policy.random();
  const r = Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : 1;
  return Math.min(Math.floor(r * cap), cap);
}

/** The wait before a retry: the server's `Retry-After` when given (capped), else the backoff. */
export function retryDelayMs(retry: number, retryAfterMs: number | undefined, policy: BackoffPolicy): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxRetryAfterMs);
  return backoffMs(retry, policy);
}

/** Retries one call has made so far, counted apart: after a 429, and after anything else. */
export interface RetryCount {
  retries: number;
  rateLimited: number;
}

/**
 * The next retry of a call, counted in `count`, or undefined when the failure is final: not
 * retryable, or its budget spent. A 429 had no effect and only says that the token's window is full
 * (maybe by other processes sharing the token): it has a budget of its own, and with `Retry-After`
 * no wait here (`delayMs` 0), since the rate limiter then holds every request of the process back.
 */
export function planRetry(
  method: HttpMethod,
  failure: Failure,
  count: RetryCount,
  budget: { maxRetries: number; maxRateLimitRetries: number },
  retryAfterMs: number | undefined,
  policy: BackoffPolicy,
): { delayMs: number; rateLimited: boolean } | undefined {
  if (!isRetryable(method, failure)) return undefined;
  const rateLimited = failure.type === "status" && failure.status === 429;
  const done = rateLimited ? count.rateLimited : count.retries;
  if (done >= (rateLimited ? budget.maxRateLimitRetries : budget.maxRetries)) return undefined;
  const delayMs = rateLimited && retryAfterMs !== undefined ? 0 : retryDelayMs(done, retryAfterMs, policy);
  if (rateLimited) count.rateLimited++;
  else count.retries++;
  return { delayMs, rateLimited };
}

/** `Retry-After` as ms: delta-seconds or an HTTP date; `undefined` when absent or unreadable. */
export function parseRetryAfterMs(
  value: string | string[] | undefined,
  now = Date.now(),
): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^-?\d+(?:\.\d+)?$/.test(v)) return v.startsWith("-") ? undefined : Math.round(Number(v) * 1000);
  if (!/[a-z]/i.test(v)) return undefined; // an HTTP date always names its day and month
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Errors raised while connecting: the request never left, so any method may be retried. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Failures a retry cannot fix (TLS trust, a closed client). */
const PERMANENT_CODES = new Set([
  "UND_ERR_CLOSED",
  "UND_ERR_DESTROYED",
  "UND_ERR_INVALID_ARG",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/**
 * Reads an error from undici or `net`: its code (searching `cause`s) and whether the request may
 * have reached the server. A socket error or reset on an open connection (UND_ERR_SOCKET,
 * ECONNRESET, EPIPE…) counts as maybe sent: the client cannot tell how far the server got.
 */
export function classifyConnectionError(err: unknown): { code: string | undefined; sent: boolean } {
  const code = findCode(err);
  const notSent = code !== undefined && (NOT_SENT_CODES.has(code) || PERMANENT_CODES.has(code));
  return { code, sent: !notSent };
}

function findCode(err: unknown): string | undefined {
  // undici wraps the socket's own error (ECONNRESET…) in a generic UND_ERR_SOCKET: prefer the inner code.
  const codes: string[] = [];
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur !== null && typeof cur === "object"; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    cur = (cur as { cause?: unknown }).cause;
  }
  return codes.find((c) => c !== "UND_ERR_SOCKET") ?? codes[0];
}
