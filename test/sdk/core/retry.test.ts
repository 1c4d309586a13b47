import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backoffMs, isRetryable, parseRetryAfterMs, retryDelayMs } from "../../../sdk";
import { type BackoffPolicy, classifyConnectionError, planRetry } from "../../../sdk/core/retry";

const policy = (random: () => number, over: Partial<BackoffPolicy> = {}): BackoffPolicy => ({
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  maxRetryAfterMs: 5_000,
  random,
  ...over,
});

describe("backoff", () => {
  it("grows exponentially up to the cap, scaled by the jitter", () => {
    const top = policy(() => 0.999999);
    expect([0, 1, 2, 3, 4, 10].map((n) => backoffMs(n, top))).toEqual([99, 199, 399, 799, 999, 999]);
    expect(
      backoffMs(
        3,
        policy(() => 0),
      ),
    ).toBe(0);
    expect(
      backoffMs(
        2,
        policy(() => 0.5),
      ),
    ).toBe(200);
  });

  it("stays within [0, min(max, base·2ⁿ)] for any jitter, even a broken random", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000 }),
        fc.double({ noNaN: false }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (n, r, base, max) => {
          const d = backoffMs(
            n,
            policy(() => r, { baseDelayMs: base, maxDelayMs: max }),
          );
          const bound = base === 0 ? 0 : Math.min(max, base * 2 ** n);
          return Number.isInteger(d) && d >= 0 && d <= bound;
        },
      ),
    );
  });

  it("prefers Retry-After, capped by maxRetryAfterMs", () => {
    const p = policy(() => 0.5);
    expect(retryDelayMs(0, 1_200, p)).toBe(1_200);
    expect(retryDelayMs(0, 60_000, p)).toBe(5_000);
    expect(retryDelayMs(0, 0, p)).toBe(0);
    expect(retryDelayMs(1, undefined, p)).toBe(100);
  });
});

describe("parseRetryAfterMs", () => {
  it("reads delta seconds and HTTP dates", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfterMs("2", now)).toBe(2_000);
    expect(parseRetryAfterMs(" 0.5 ", now)).toBe(500);
    expect(parseRetryAfterMs(["3", "9"], now)).toBe(3_000);
    expect(parseRetryAfterMs("Wed, 01 Jan 2025 00:00:04 GMT", now)).toBe(4_000);
    expect(parseRetryAfterMs("Tue, 31 Dec 2024 23:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfterMs(undefined, now)).toBeUndefined();
    expect(parseRetryAfterMs("soon", now)).toBeUndefined();
    expect(parseRetryAfterMs("-1", now)).toBeUndefined();
  });
});

describe("isRetryable (decision C1)", () => {
  const methods = ["GET", "POST", "PATCH", "DELETE"] as const;

  it("retries 429 for every method", () => {
    for (const m of methods) expect(isRetryable(m, { type: "status", status: 429 })).toBe(true);
  });

  it("retries 502/503/504 except for POST, and never other statuses", () => {
    for (const status of [502, 503, 504]) {
      expect(isRetryable("GET", { type: "status", status })).toBe(true);
      expect(isRetryable("PATCH", { type: "status", status })).toBe(true);
      expect(isRetryable("DELETE", { type: "status", status })).toBe(true);
      expect(isRetryable("POST", { type: "status", status })).toBe(false);
    }
    for (const status of [400, 401, 403, 404, 409, 500, 501, 206]) {
      for (const m of methods) expect(isRetryable(m, { type: "status", status })).toBe(false);
    }
  });

  it("retries a POST only when the connection failed before sending", () => {
    expect(isRetryable("POST", { type: "connection", sent: false, code: "ECONNREFUSED" })).toBe(true);
    expect(isRetryable("POST", { type: "connection", sent: true, code: "ECONNRESET" })).toBe(false);
    expect(isRetryable("GET", { type: "connection", sent: true, code: "ECONNRESET" })).toBe(true);
    expect(isRetryable("POST", { type: "timeout" })).toBe(false);
    expect(isRetryable("GET", { type: "timeout" })).toBe(true);
  });

  it("does not retry failures a retry cannot fix", () => {
    expect(isRetryable("GET", { type: "connection", sent: false, code: "DEPTH_ZERO_SELF_SIGNED_CERT" })).toBe(
      false,
    );
    expect(isRetryable("GET", { type: "connection", sent: false, code: "UND_ERR_DESTROYED" })).toBe(false);
  });
});

describe("planRetry (decision C1)", () => {
  const budget = { maxRetries: 1, maxRateLimitRetries: 3 };
  const throttled = { type: "status", status: 429 } as const;
  const gateway = { type: "status", status: 503 } as const;

  it("counts 429s apart from other failures, each against its own budget", () => {
    const count = { retries: 0, rateLimited: 0 };
    const p = policy(() => 0.5);
    // Three 429s with Retry-After: no wait here (the rate limiter holds the retry), none spends maxRetries.
    for (let i = 0; i < 3; i++) {
      expect(planRetry("POST", throttled, count, budget, 1_000, p)).toEqual({
        delayMs: 0,
        rateLimited: true,
      });
    }
    expect(planRetry("POST", throttled, count, budget, 1_000, p)).toBeUndefined();
    // The other budget is untouched: one 503 retry for a GET, with backoff.
    expect(planRetry("GET", gateway, count, budget, undefined, p)).toEqual({
      delayMs: 50,
      rateLimited: false,
    });
    expect(planRetry("GET", gateway, count, budget, undefined, p)).toBeUndefined();
    expect(count).toEqual({ retries: 1, rateLimited: 3 });
  });

  it("backs off a 429 without Retry-After, and never retries what is not retryable", () => {
    const count = { retries: 0, rateLimited: 0 };
    expect(
      planRetry(
        "GET",
        throttled,
        count,
        budget,
        undefined,
        policy(() => 0.5),
      )?.delayMs,
    ).toBe(50);
    expect(
      planRetry(
        "POST",
        gateway,
        count,
        budget,
        undefined,
        policy(() => 0.5),
      ),
    ).toBeUndefined();
    expect(count).toEqual({ retries: 0, rateLimited: 1 });
  });
});

describe("classifyConnectionError", () => {
  const coded = (code: string, cause?: unknown) => Object.assign(new Error(code), { code, cause });

  it("connect-phase errors were not sent", () => {
    for (const code of [
      "ECONNREFUSED",
      "ENOTFOUND",
      "EAI_AGAIN",
      "EHOSTUNREACH",
      "UND_ERR_CONNECT_TIMEOUT",
    ]) {
      expect(classifyConnectionError(coded(code))).toEqual({ code, sent: false });
    }
  });

  it("errors on an open connection may have been sent, preferring the inner code", () => {
    expect(classifyConnectionError(coded("UND_ERR_SOCKET", coded("ECONNRESET")))).toEqual({
      code: "ECONNRESET",
      sent: true,
    });
    expect(classifyConnectionError(coded("UND_ERR_SOCKET"))).toEqual({ code: "UND_ERR_SOCKET", sent: true });
    expect(classifyConnectionError(new Error("?"))).toEqual({ code: undefined, sent: true });
    expect(classifyConnectionError("weird")).toEqual({ code: undefined, sent: true });
  });
});
