// Client-side pacing against the platform's per-token rate-limit window (decisions C2, C6).
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

/** A permission to send one request; report how it ended so the limiter learns the window. */
export interface RateTicket {
  /** Call once with the answer's headers, or with `undefined` when no answer came. */
  done(headers: ResponseHeaders | undefined, retryAfterMs?: number): void;
}

/** The longest random delay added to a wake-up at a window's reset or after a 429's Retry-After. */
export const RESET_JITTER_MS = 200;
/** How long into a window a process paces itself as if shared before its answers can show it alone. */
export const LISTEN_MS = RESET_JITTER_MS;
/**
 * Shared, a process sends one request per (time left ÷ remaining) ÷ PACE. K sharers at that pace
 * leave `Remaining` at (1 − elapsed share of the window)^(K·PACE) of its start: never spent before
 * the end, and mostly spent early (2 sharers: 600 requests down to one 55 % into the window; 8: 18 %).
 */
export const PACE = 4;

interface Waiter {
  grant(ticket: RateTicket): void;
  maxWaitMs: number;
}

type Decision = { go: true; probe: boolean } | { go: false; at: number | undefined };

/**
 * Tracks the server's fixed window from the `X-RateLimit-*` headers and holds requests back in one
 * first-come queue, so that a spent window is waited out instead of collected as 429s. While the
 * window is unknown (first use, or after a reset) one request goes first as a probe and the others
 * wait for its headers; a server that sends no such headers is not paced.
 *
 * The window's `Remaining` counts every request made with the token, by any process on any
 * machine, and that is all a process learns of the others. So each window starts shared: requests
 * are spread over the time the window has left, one per (time left ÷ remaining) ÷ {@link PACE}.
 * Every sharer reads the same `Remaining`, so they slow down together as it falls and each gets the
 * same rate, without knowing how many they are. A process is alone when an answer to a request it sent at least
 * {@link LISTEN_MS} into the window, with none of its own still in flight, shows exactly its own
 * requests used (`Limit − Remaining`); then it spends the rest of the window as fast as its answers
 * come back, until an answer shows requests it did not make. Without `X-RateLimit-Limit` it cannot
 * tell, and spends each window at once. Wake-ups at a reset, or after a 429's `Retry-After`, get a
 * random delay of up to {@link RESET_JITTER_MS} so that the sharers do not all arrive at once.
 */
export class RateLimiter {
  #remaining = 0;
  /** Epoch ms when the known window ends; undefined: window unknown. */
  #resetAt: number | undefined;
  /** Epoch ms this process learned the current window. */
  #learnedAt = 0;
  /** The window's `X-RateLimit-Limit`, when the server sends it. */
  #limit: number | undefined;
  /** At most this many of the window's counted requests are this process's own. */
  #mine = 0;
  #alone = false;
  #lastSentAt = 0;
  /** Epoch ms before which nothing is sent (a 429's Retry-After, plus jitter). */
  #blockedUntil = 0;
  /** The reset's own jitter, drawn once per window. */
  #resetJitter = 0;
  #probing = false;
  #unpaced = false;
  #inFlight = 0;
  readonly #queue: Waiter[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  /** Whether requests are spread over the window (not yet shown alone in it). */
  get shared(): boolean {
    return this.#limit !== undefined && !this.#alone;
  }

  /** A ticket now if the queue is empty and a request may go at once, else undefined (then call {@link acquire}). */
  tryAcquire(): RateTicket | undefined {
    if (this.#queue.length > 0) return undefined;
    const d = this.#decide(Number.POSITIVE_INFINITY);
    return d.go ? this.#ticket(d.probe) : undefined;
  }

  /**
   * Waits, first come first served, until a request may be sent; a wait for a window's reset never
   * exceeds `maxWaitMs` at a stretch. With `front`, the wait goes ahead of the queue (a request
   * retried after a 429, which has waited longest).
   */
  acquire(signal: AbortSignal | undefined, maxWaitMs: number, front = false): Promise<RateTicket> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const at = this.#queue.indexOf(waiter);
        if (at >= 0) this.#queue.splice(at, 1);
        reject(signal?.reason);
        this.#pump();
      };
      const waiter: Waiter = {
        grant: (ticket) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(ticket);
        },
        maxWaitMs,
      };
      if (front) this.#queue.unshift(waiter);
      else this.#queue.push(waiter);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#pump();
    });
  }

  /** Whether the head of the queue may go now, as a probe or not, or when to look again. */
  #decide(maxWaitMs: number): Decision {
    const now = this.now();
    if (now < this.#blockedUntil) return { go: false, at: this.#blockedUntil };
    if (this.#resetAt !== undefined && now >= this.#resetAt + this.#resetJitter) this.#forget();
    if (this.#unpaced) return { go: true, probe: false };
    if (this.#resetAt === undefined)
      return this.#probing ? { go: false, at: undefined } : { go: true, probe: true };
    if (this.#remaining <= 0) {
      // A reset further away than we will wait (clock skew, a huge window): look afresh then.
      if (this.#resetAt + this.#resetJitter - now > maxWaitMs)
        this.#resetAt = now + maxWaitMs - this.#resetJitter;
      return { go: false, at: this.#resetAt + this.#resetJitter };
    }
    if (this.shared) {
      // One request per (time left ÷ remaining) ÷ PACE, counted from this process's last one.
      const next = this.#lastSentAt + (this.#resetAt - this.#lastSentAt) / (this.#remaining * PACE);
      if (now < next) return { go: false, at: next };
    }
    return { go: true, probe: false };
  }

  /** The window is over: forget it (the next request probes the new one). */
  #forget(): void {
    this.#resetAt = undefined;
    this.#alone = false;
    this.#mine = 0;
  }

  /** Let the queue's head go while it may; otherwise wake up when it might. */
  #pump(): void {
    while (this.#queue.length > 0) {
      const head = this.#queue[0] as Waiter;
      const d = this.#decide(head.maxWaitMs);
      if (!d.go) {
        this.#wakeAt(d.at);
        return;
      }
      this.#queue.shift();
      head.grant(this.#ticket(d.probe));
    }
    this.#wakeAt(undefined);
  }

  /** One timer for the whole queue, at `at` (undefined: none; an answer will pump). */
  #wakeAt(at: number | undefined): void {
    if (at === undefined || this.#queue.length === 0) {
      if (this.#timer !== undefined) clearTimeout(this.#timer);
      this.#timer = undefined;
      return;
    }
    if (this.#timer !== undefined && this.#timerAt === at) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#pump();
      },
      Math.max(0, at - this.now()),
    );
  }

  #ticket(probe: boolean): RateTicket {
    if (probe) this.#probing = true;
    else if (!this.#unpaced) this.#remaining--;
    this.#inFlight++;
    this.#mine++;
    const sentAt = this.now();
    this.#lastSentAt = sentAt;
    let finished = false;
    return {
      done: (headers, retryAfterMs) => {
        if (finished) return;
        finished = true;
        this.#inFlight--;
        if (retryAfterMs !== undefined) {
          // A 429 was not counted, and says the window is full: others spend this token too.
          this.#mine--;
          this.#blockedUntil = Math.max(this.#blockedUntil, this.now() + retryAfterMs + this.#jitter());
        }
        const learned = headers !== undefined && this.#observe(headers, sentAt, retryAfterMs !== undefined);
        if (probe) {
          this.#probing = false;
          if (headers !== undefined && !learned && retryAfterMs === undefined) this.#unpaced = true;
        }
        this.#pump();
      },
    };
  }

  /** Learns the window from an answer's headers; false when they are missing or unusable. */
  #observe(headers: ResponseHeaders, sentAt: number, refused: boolean): boolean {
    const remaining = intHeader(headers["x-ratelimit-remaining"]);
    const reset = intHeader(headers["x-ratelimit-reset"]);
    if (remaining === undefined || reset === undefined) return false;
    const now = this.now();
    const resetAt = reset * 1000;
    if (resetAt <= now) return false; // already over, or the clocks disagree: nothing to wait for
    this.#unpaced = false;
    this.#limit = intHeader(headers["x-ratelimit-limit"]);
    if (resetAt === this.#resetAt) {
      // Same window: requests already sent are counted locally but maybe not yet by the server.
      this.#remaining = Math.min(this.#remaining, remaining);
    } else {
      this.#forget();
      this.#resetAt = resetAt;
      this.#learnedAt = now;
      this.#resetJitter = this.#jitter();
      this.#remaining = Math.max(0, remaining - this.#inFlight);
      // This answer's request (unless refused) and those still in flight are all of ours it can hold.
      this.#mine = (refused ? 0 : 1) + this.#inFlight;
    }
    if (this.#limit === undefined) return true;
    const used = this.#limit - remaining;
    if (refused || used > this.#mine) this.#alone = false;
    else if (this.#inFlight === 0 && used === this.#mine && sentAt >= this.#learnedAt + LISTEN_MS)
      this.#alone = true;
    return true;
  }

  #jitter(): number {
    const r = this.random();
    return Number.isFinite(r) ? Math.min(1, Math.max(0, r)) * RESET_JITTER_MS : RESET_JITTER_MS;
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

const limiters = new Map<string, RateLimiter>();

/** The process-wide window tracker for one origin and credential (the server counts per token). */
export function sharedRateLimiter(key: string): RateLimiter {
  const existing = limiters.get(key);
  if (existing) return existing;
  const created = new RateLimiter();
  limiters.set(key, created);
  return created;
}
