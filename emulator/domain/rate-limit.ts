/** Key shared by every request without a valid token (decision E7). */
export const ANONYMOUS = "\0anonymous";

/** The headers state of one window after (or without) counting a request. */
export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets. */
  resetAt: number;
  /** Whole seconds to wait, at least 1 (only meaningful when not allowed). */
  retryAfter: number;
}

interface Window {
  start: number;
  count: number;
}

/** Fixed-window request counter per key (decision E7). */
export class RateLimiter {
  #windows = new Map<string, Window>();

  constructor(
    public limit: number,
    public windowMs: number,
  ) {}

  /** Change the limit and window; all windows start afresh. */
  configure(limit: number, windowMs: number): void {
    this.limit = limit;
    this.windowMs = windowMs;
    this.#windows.clear();
  }

  /** Forget every window. */
  clear(): void {
    this.#windows.clear();
  }

  /** Count one request for `key`; a refused request is not counted (a 429 has no effect). */
  take(key: string, at = Date.now()): RateLimitVerdict {
    let window = this.#windows.get(key);
    if (window === undefined || at >= window.start + this.windowMs) {
      window = { start: at, count: 0 };
      this.#windows.set(key, window);
    }
    const allowed = window.count < this.limit;
    if (allowed) window.count++;
    return this.#verdict(window, allowed, at);
  }

  /** The current state of `key`'s window without counting. */
  peek(key: string, at = Date.now()): RateLimitVerdict {
    const window = this.#windows.get(key);
    if (window === undefined || at >= window.start + this.windowMs) {
      return this.#verdict({ start: at, count: 0 }, true, at);
    }
    return this.#verdict(window, window.count < this.limit, at);
  }

  #verdict(window: Window, allowed: boolean, at: number): RateLimitVerdict {
    const end = window.start + this.windowMs;
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      resetAt: Math.ceil(end / 1000),
      retryAfter: Math.max(1, Math.ceil((end - at) / 1000)),
    };
  }
}

/** The `X-RateLimit-*` headers of a verdict. */
export function rateLimitHeaders(verdict: RateLimitVerdict): Record<string, string> {
  return {
    "x-ratelimit-limit": String(verdict.limit),
    "x-ratelimit-remaining": String(verdict.remaining),
    "x-ratelimit-reset": String(verdict.resetAt),
  };
}

/** The 429 body (decision E6). */
export function rateLimitBody(retryAfter: number): { error: { code: string; message: string } } {
  return {
    error: {
      code: "rate_limit_exceeded",
      message: `Rate limit exceeded; retry after ${retryAfter} second${retryAfter === 1 ? "" : "s"}`,
    },
  };
}
