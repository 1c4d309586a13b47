// The in-flight cap: how many requests one process has on the wire at once (decision C2).

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

  /**
   * Waits for a slot; call the returned function exactly once to give it back. With `front` the
   * wait goes ahead of the queue (a request retried after a 429, which has waited longest).
   */
  async acquire(signal?: AbortSignal, front = false): Promise<() => void> {
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
        if (front) this.#queue.unshift(grant);
        else this.#queue.push(grant);
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

const semaphores = new Map<string, Semaphore>();

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
