import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { RateLimiter, sleep } from "../../../sdk/core/rate-limiter";
import { Semaphore, sharedSemaphore } from "../../../sdk/core/semaphore";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { clientFor, json, localServer, rejectionOf } from "../../fixtures/http";

describe("Semaphore", () => {
  it("admits at most `limit` holders, first come first served", async () => {
    const s = new Semaphore(2);
    const order: number[] = [];
    const r1 = await s.acquire();
    const r2 = await s.acquire();
    const admit = (n: number) => (r: () => void) => {
      order.push(n);
      return r;
    };
    const w3 = s.acquire().then(admit(3));
    const w4 = s.acquire().then(admit(4));
    await sleep(5);
    expect(s.active).toBe(2);
    expect(order).toEqual([]);
    r1();
    r1(); // a second release is ignored
    const r3 = await w3;
    expect(order).toEqual([3]);
    r2();
    const r4 = await w4;
    expect(order).toEqual([3, 4]);
    r3();
    r4();
    expect(s.active).toBe(0);
  });

  it("an aborted wait leaves the queue", async () => {
    const s = new Semaphore(1);
    const held = await s.acquire();
    const ac = new AbortController();
    const waiting = s.acquire(ac.signal);
    ac.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
    held();
    expect(s.active).toBe(0);
    (await s.acquire())();
  });

  it("is shared per origin and cap", () => {
    expect(sharedSemaphore("http://a", 2)).toBe(sharedSemaphore("http://a", 2));
    expect(sharedSemaphore("http://a", 2)).not.toBe(sharedSemaphore("http://a", 3));
    expect(sharedSemaphore("http://a", 2)).not.toBe(sharedSemaphore("http://b", 2));
  });
});

describe("RateLimiter", () => {
  /** Headers of a window ending `inMs` from now, for a limiter whose clock we skew to match. */
  function windowHeaders(remaining: number) {
    const resetSec = Math.ceil(Date.now() / 1000) + 5;
    return {
      headers: { "x-ratelimit-remaining": String(remaining), "x-ratelimit-reset": String(resetSec) },
      resetSec,
    };
  }

  it("sends one probe first; the rest wait for its headers, then spend the remaining budget", async () => {
    const h = windowHeaders(2);
    // The clock says the window ends 600 ms from now, whatever the wall clock's second.
    const skew = h.resetSec * 1000 - 600 - Date.now();
    const clock = () => Date.now() + skew;
    const limiter = new RateLimiter(clock);
    const probe = await limiter.acquire(undefined, 10_000);
    const admitted: number[] = [];
    let thirdAdmittedAt = 0;
    const waiters = [1, 2, 3].map((i) =>
      limiter.acquire(undefined, 10_000).then((t) => {
        admitted.push(i);
        if (i === 3) thirdAdmittedAt = clock();
        return t;
      }),
    );
    await sleep(10);
    expect(admitted).toEqual([]);
    probe.done(h.headers);
    await sleep(10);
    expect(admitted).toEqual([1, 2]); // remaining 2: the third waits for the reset
    const third = await waiters[2];
    expect(thirdAdmittedAt).toBeGreaterThanOrEqual(h.resetSec * 1000); // not before the window reset
    expect(admitted).toEqual([1, 2, 3]);
    for (const t of await Promise.all(waiters.slice(0, 2))) t.done(undefined);
    third?.done(undefined);
  });

  it("reads window headers with surrounding spaces, and ignores ones that are not whole numbers", async () => {
    const h = windowHeaders(0);
    const spaced = new RateLimiter();
    (await spaced.acquire(undefined, 1000)).done({
      "x-ratelimit-remaining": " 0 ",
      "x-ratelimit-reset": `\t${h.resetSec} `,
    });
    expect(spaced.tryAcquire()).toBeUndefined(); // learned: the window is spent
    for (const remaining of ["", "1.5", "-1", "0x1", "1e3", "٣"]) {
      const odd = new RateLimiter();
      (await odd.acquire(undefined, 1000)).done({ ...h.headers, "x-ratelimit-remaining": remaining });
      expect(odd.tryAcquire(), remaining).toBeDefined(); // not learned: the server is not paced
    }
  });

  it("does not pace a server that sends no rate-limit headers", async () => {
    const limiter = new RateLimiter();
    const probe = await limiter.acquire(undefined, 1000);
    probe.done({});
    const tickets = await Promise.all(Array.from({ length: 20 }, () => limiter.acquire(undefined, 1000)));
    expect(tickets).toHaveLength(20);
  });

  it("a 429's Retry-After holds everyone back", async () => {
    const limiter = new RateLimiter();
    (await limiter.acquire(undefined, 1000)).done({}, 120);
    const started = Date.now();
    await limiter.acquire(undefined, 1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it("a probe that gets no answer hands the probe role to the next request", async () => {
    const limiter = new RateLimiter();
    const probe = await limiter.acquire(undefined, 1000);
    const next = limiter.acquire(undefined, 1000);
    probe.done(undefined);
    await expect(next).resolves.toBeDefined();
  });

  it("waits abort with the caller's signal", async () => {
    const limiter = new RateLimiter();
    await limiter.acquire(undefined, 1000); // a probe that never finishes
    const ac = new AbortController();
    const waiting = limiter.acquire(ac.signal, 1000);
    ac.abort(new Error("cancelled"));
    await expect(waiting).rejects.toThrow("cancelled");
  });
});

describe("RateLimiter on a token others may share (C6)", () => {
  // A fake clock: the window ends 10 s after the start; the limiter's timers run on the same clock.
  const START = 1_800_000_000_000;
  const RESET_SEC = START / 1000 + 10;
  const headers = (remaining: number, limit = 100) => ({
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(remaining),
    "x-ratelimit-reset": String(RESET_SEC),
  });
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const limiter = () => new RateLimiter(Date.now, () => 0.5);
  /** Requests admitted, in order, as `acquire` grants them. */
  const queue = (l: RateLimiter, n: number) => {
    const admitted: number[] = [];
    const tickets = Array.from({ length: n }, (_, i) =>
      l.acquire(undefined, 60_000).then((t) => {
        admitted.push(i);
        return t;
      }),
    );
    return { admitted, tickets };
  };

  it("paces the window's start; alone once an answer shows only its own requests, it spends the rest at once", async () => {
    const l = limiter();
    l.tryAcquire()?.done(headers(99)); // the probe: 1 of 100 used, ours
    expect(l.shared).toBe(true); // too early to tell: others may be starting too
    expect(l.tryAcquire()).toBeUndefined(); // 10 s ÷ 99 left ÷ 4 ≈ 25 ms apart
    // One at a time, each answer showing only our requests used: alone once one was sent 200 ms in.
    const sentAt: number[] = [];
    for (let used = 2; l.shared; used++) {
      const ticket = l.acquire(undefined, 60_000);
      await vi.advanceTimersByTimeAsync(30);
      sentAt.push(Date.now() - START);
      (await ticket).done(headers(100 - used));
    }
    expect(sentAt.at(-1)).toBeGreaterThanOrEqual(200);
    expect(sentAt.at(-2)).toBeLessThan(230);
    const burst = Array.from({ length: 50 }, () => l.tryAcquire());
    expect(burst.every((t) => t !== undefined)).toBe(true);
    for (const t of burst) t?.done(headers(20)); // 80 used, far more than ours: someone else has come
    expect(l.shared).toBe(true);
  });

  it("seeing requests it did not make, keeps spreading the rest over the time left, first come first served", async () => {
    const l = limiter();
    l.tryAcquire()?.done(headers(49)); // our probe is one of the 51 used
    expect(l.tryAcquire()).toBeUndefined();
    const { admitted, tickets } = queue(l, 3);
    await vi.advanceTimersByTimeAsync(50);
    expect(admitted).toEqual([]);
    await vi.advanceTimersByTimeAsync(2); // 10 s ÷ 49 ÷ 4 ≈ 51 ms after the probe
    expect(admitted).toEqual([0]);
    // 40 left (others keep spending): the next ≈ (10 s − 51 ms) ÷ 40 ÷ 4 ≈ 62 ms later.
    (await tickets[0])?.done(headers(40));
    await vi.advanceTimersByTimeAsync(60);
    expect(admitted).toEqual([0]);
    await vi.advanceTimersByTimeAsync(3);
    expect(admitted).toEqual([0, 1]);
    (await tickets[1])?.done(headers(30));
    expect(l.shared).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(admitted).toEqual([0, 1, 2]);
    (await tickets[2])?.done(headers(20));
  });

  it("waits for the reset plus jitter once the window is spent, and starts the next one paced", async () => {
    const l = limiter();
    l.tryAcquire()?.done(headers(0)); // spent by others
    let at = 0;
    const next = l.acquire(undefined, 60_000).then((t) => {
      at = Date.now();
      return t;
    });
    await vi.advanceTimersByTimeAsync(10_099);
    expect(at).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    // The reset, plus half of the 200 ms jitter (random 0.5): then the probe of the new window.
    expect(at).toBe(RESET_SEC * 1000 + 100);
    const nextReset = { "x-ratelimit-limit": "100", "x-ratelimit-reset": String(RESET_SEC + 10) };
    (await next).done({ ...nextReset, "x-ratelimit-remaining": "99" });
    expect(l.shared).toBe(true);
    expect(l.tryAcquire()).toBeUndefined();
  });

  it("a request retried after a 429 goes ahead of those waiting, after Retry-After plus jitter", async () => {
    const l = limiter();
    const probe = l.tryAcquire();
    const order: string[] = [];
    const queued = l.acquire(undefined, 60_000).then((t) => {
      order.push("queued");
      return t;
    });
    probe?.done(headers(0), 1_000); // a 429: Retry-After 1 s, the window full
    const retried = l.acquire(undefined, 60_000, true).then((t) => {
      order.push("retried");
      return t;
    });
    await vi.advanceTimersByTimeAsync(11_000);
    expect(order[0]).toBe("retried");
    (await retried).done(headers(50));
    await vi.advanceTimersByTimeAsync(11_000);
    expect(order).toEqual(["retried", "queued"]);
    (await queued).done(headers(49));
  });
});

describe("against the emulator's rate limit", () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    await emu.close();
  });

  it("waits for a spent window instead of collecting 429s (C2)", async () => {
    // This emulator has seen no platform request yet, so the client learns the window from scratch.
    await emu.admin.setRateLimit(3, 1000);
    const client = clientFor(emu, { maxRetries: 5 });
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 10 }, () => client.agents.list()));
    const elapsed = Date.now() - started;
    expect(results.every((r) => r.data.length === 3)).toBe(true);
    const log = await emu.admin.requests();
    const limited = log.filter((r) => r.status === 429).length;
    expect(log.filter((r) => r.status === 200)).toHaveLength(10);
    expect(limited).toBeLessThanOrEqual(1);
    // Ten requests at three per window need at least three window boundaries.
    expect(elapsed).toBeGreaterThanOrEqual(1900);
  });
});

describe("in-flight cap", () => {
  it("never has more than maxConcurrency requests in flight, across clients sharing the origin", async () => {
    let inFlight = 0;
    let peak = 0;
    const server = await localServer((_req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      setTimeout(() => {
        inFlight--;
        json(res, 200, { status_code: 200, message: "ok", data: [], count: 0 });
      }, 25);
    });
    try {
      const opts = { baseUrl: server.url, token: "t0ken-value", maxConcurrency: 2 };
      const a = clientFor({ url: server.url } as TestEmulator, opts);
      const b = clientFor({ url: server.url } as TestEmulator, opts);
      const started = Date.now();
      await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).agents.list()));
      expect(peak).toBe(2);
      // 8 requests, 2 at a time, 25 ms each: at least 4 rounds.
      expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    } finally {
      await server.close();
    }
  });

  it("an abort while queued for a slot rejects without sending", async () => {
    let seen = 0;
    const server = await localServer((_req, res) => {
      seen++;
      setTimeout(() => json(res, 200, { data: [], count: 0 }), 100);
    });
    try {
      const client = clientFor({ url: server.url } as TestEmulator, {
        baseUrl: server.url,
        token: "tok-abc-1",
        maxConcurrency: 1,
      });
      const first = client.agents.list();
      const firstDone = first.then(() => undefined);
      await sleep(20);
      const ac = new AbortController();
      const second = rejectionOf(client.agents.list({}, { signal: ac.signal }));
      ac.abort();
      expect(await second).toMatchObject({ name: "AbortError" });
      await firstDone;
      expect(seen).toBe(1);
    } finally {
      await server.close();
    }
  });
});
