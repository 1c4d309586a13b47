// Client-side pacing: the in-flight cap and the rate-limit window (decision C2).
import type { ResponseHeaders } from "./errors";

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, Math.max(0, ms));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    function done() {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }
  });
}

/** A FIFO counting semaphore whose waits can be aborted. */
export class Semaphore {
  #active = 0;
  readonly #queue: Array<() => void> = [];

  constructor(readonly limit: number) {}

  /** Requests holding a slot right now. */
  get active(): number {
    return this.#active;
  }

  /** A slot now if one is free (the common case, without a promise), else undefined. */
  tryAcquire(): (() => void) | undefined {
    if (this.#active >= this.limit || this.#queue.length > 0) return undefined;
    this.#active++;
    return this.#releaser();
  }

  /** Waits for a slot; call the returned function exactly once to give it back. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) throw signal.reason;
    if (this.#active < this.limit) {
      this.#active++;
    } else {
      await new Promise<void>((resolve, reject) => {
        const grant = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        const onAbort = () => {
          const i = this.#queue.indexOf(grant);
          if (i >= 0) this.#queue.splice(i, 1);
          reject(signal?.reason);
        };
        this.#queue.push(grant);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    }
    return this.#releaser();
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#queue.shift();
      // The slot passes straight to the next waiter, so `active` stays put.
      if (next) next();
      else this.#active--;
    };
  }
}

/** A permission to send one request; report how it ended so the limiter learns the window. */
export interface RateTicket {
  /** Call once with the answer's headers, or with `undefined` when no answer came. */
  done(headers: ResponseHeaders | undefined, retryAfterMs?: number): void;
}

/**
 * Tracks the server's fixed window from `X-RateLimit-Remaining`/`X-RateLimit-Reset` and holds
 * requests back once it is spent, so a burst waits for the reset instead of collecting 429s.
 * While the window is unknown (first use, or after a reset) one request goes first as a probe
 * and the others wait for its headers. A server that sends no such headers is not paced.
 */
export class RateLimiter {
  #remaining = 0;
  /** Epoch ms when the known window ends; undefined: window unknown. */
  #resetAt: number | undefined;
  /** Epoch ms before which nothing is sent (a 429's Retry-After). */
  #blockedUntil = 0;
  #probing = false;
  #unpaced = false;
  #inFlight = 0;
  #probeWaiters: Array<() => void> = [];

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * A ticket now if a request may go without waiting (no pacing, or the window has requests left),
   * else undefined. The common case of {@link acquire}, without a promise.
   */
  tryAcquire(): RateTicket | undefined {
    const now = this.now();
    if (now < this.#blockedUntil) return undefined;
    if (this.#unpaced) return this.#ticket(false);
    if (this.#resetAt === undefined || now >= this.#resetAt || this.#remaining <= 0) return undefined;
    this.#remaining--;
    return this.#ticket(false);
  }

  /** Waits until a request may be sent; a wait never exceeds `maxWaitMs` at a stretch. */
  async acquire(signal: AbortSignal | undefined, maxWaitMs: number): Promise<RateTicket> {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const now = this.now();
      if (now < this.#blockedUntil) {
        const wait = this.#blockedUntil - now;
        await sleep(Math.min(wait, maxWaitMs), signal);
        if (wait > maxWaitMs) this.#blockedUntil = 0; // honour a long Retry-After only up to the cap
        continue;
      }
      if (this.#resetAt !== undefined && now >= this.#resetAt) this.#resetAt = undefined;
      if (this.#unpaced) return this.#ticket(false);
      if (this.#resetAt === undefined) {
        if (!this.#probing) {
          this.#probing = true;
          return this.#ticket(true);
        }
        await this.#waitForProbe(signal);
        continue;
      }
      if (this.#remaining > 0) {
        this.#remaining--;
        return this.#ticket(false);
      }
      const wait = this.#resetAt - now;
      await sleep(Math.min(wait, maxWaitMs), signal);
      // A reset further away than we will wait (clock skew, a huge window): look afresh.
      if (wait > maxWaitMs) this.#resetAt = undefined;
    }
  }

  #ticket(probe: boolean): RateTicket {
    this.#inFlight++;
    let finished = false;
    return {
      done: (headers, retryAfterMs) => {
        if (finished) return;
        finished = true;
        this.#inFlight--;
        const learned = headers !== undefined && this.#observe(headers);
        if (retryAfterMs !== undefined)
          this.#blockedUntil = Math.max(this.#blockedUntil, this.now() + retryAfterMs);
        if (probe) {
          this.#probing = false;
          if (headers !== undefined && !learned && retryAfterMs === undefined) this.#unpaced = true;
          const waiters = this.#probeWaiters;
          this.#probeWaiters = [];
          for (const wake of waiters) wake();
        }
      },
    };
  }

  /** Learns the window from an answer's headers; false when they are missing or unusable. */
  #observe(headers: ResponseHeaders): boolean {
    const remaining = intHeader(headers["x-ratelimit-remaining"]);
    const reset = intHeader(headers["x-ratelimit-reset"]);
    if (remaining === undefined || reset === undefined) return false;
    const now = this.now();
    const resetAt = reset * 1000;
    if (resetAt <= now) return false; // already over, or the clocks disagree: nothing to wait for
    this.#unpaced = false;
    if (resetAt === this.#resetAt) {
      // Same window: requests already sent are counted locally but maybe not yet by the server.
      this.#remaining = Math.min(this.#remaining, remaining);
    } else {
      this.#resetAt = resetAt;
      this.#remaining = Math.max(0, remaining - this.#inFlight);
    }
    return true;
  }

  #waitForProbe(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        this.#probeWaiters = this.#probeWaiters.filter((w) => w !== wake);
        reject(signal?.reason);
      };
      this.#probeWaiters.push(wake);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }
}

/** A header of decimal digits (surrounding whitespace allowed) as a number; read on every answer, so no regex. */
function intHeader(value: string | string[] | undefined): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (v === undefined || v === "") return undefined;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  return Number(v);
}

const semaphores = new Map<string, Semaphore>();
const limiters = new Map<string, RateLimiter>();

/**
 * The process-wide in-flight cap for one origin and cap size: every client configured alike
 * shares it, so the many short-lived clients of a Pulumi run stay under one limit together.
 */
export function sharedSemaphore(origin: string, limit: number): Semaphore {
  const key = `${origin} ${limit}`;
  const existing = semaphores.get(key);
  if (existing) return existing;
  const created = new Semaphore(limit);
  semaphores.set(key, created);
  return created;
}

/** The process-wide window tracker for one origin and credential (the server counts per token). */
export function sharedRateLimiter(key: string): RateLimiter {
  const existing = limiters.get(key);
  if (existing) return existing;
  const created = new RateLimiter();
  limiters.set(key, created);
  return created;
}
