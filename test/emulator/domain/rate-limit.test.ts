import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { platform } from "../../fixtures/raw-platform";

const emu = useEmulator({ rateLimit: 1000 });
let call: ReturnType<typeof platform>;
beforeAll(async () => {
  call = platform(emu);
});

const header = (res: { headers: Record<string, unknown> }, name: string) => Number(res.headers[name]);

describe("rate limiting (E6, E7, E15)", () => {
  it("sends X-RateLimit-* on every kind of platform answer", async () => {
    await call("POST", "/telephony/bridges/", { body: { name: "A", slug: "a" } });
    const answers = [
      await call("GET", "/organizations/"),
      await call("POST", "/telephony/bridges/", { body: { name: "B", slug: "b" } }),
      await call("DELETE", "/telephony/bridges/b/"),
      await call("GET", "/organizations/", { token: null }),
      await call("GET", "/telephony/bridges/", { org: "initech" }),
      await call("GET", "/telephony/bridges/zzz/"),
      await call("PUT", "/organizations/"),
      await call("POST", "/telephony/bridges/", { body: "{" }),
      await call("GET", "/telephony/overview/", { org: null }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 201, 204, 401, 403, 404, 405, 400, 206]);
    for (const res of answers) {
      expect(header(res, "x-ratelimit-limit")).toBe(1000);
      expect(Number.isInteger(header(res, "x-ratelimit-remaining"))).toBe(true);
      expect(header(res, "x-ratelimit-reset")).toBeGreaterThan(Date.now() / 1000);
      expect(res.headers["retry-after"]).toBeUndefined();
    }
  });

  it("counts down per token and answers 429 with Retry-After past the limit, writing nothing", async () => {
    await emu.admin.setRateLimit(3, 60_000);
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++)
      remaining.push(header(await call("GET", "/organizations/"), "x-ratelimit-remaining"));
    expect(remaining).toEqual([2, 1, 0]);
    const limited = await call("POST", "/telephony/bridges/", { body: { name: "A", slug: "a" } });
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ error: { code: "rate_limit_exceeded", message: expect.any(String) } });
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(header(limited, "x-ratelimit-remaining")).toBe(0);
    expect(header(limited, "x-ratelimit-limit")).toBe(3);
    const reset = header(limited, "x-ratelimit-reset");
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
    expect((await emu.admin.state()).bridges).toEqual([]);
    const log = await emu.admin.requests();
    expect(log.at(-1)).toMatchObject({ method: "POST", status: 429 });
  });

  it("keeps one window per token; unauthenticated requests share an anonymous one", async () => {
    await emu.admin.seed({ tokens: [{ token: "second-token", organizations: ["acme"] }] });
    await emu.admin.setRateLimit(2, 60_000);
    await call("GET", "/organizations/");
    await call("GET", "/organizations/");
    expect((await call("GET", "/organizations/")).status).toBe(429);
    expect((await call("GET", "/organizations/", { token: "second-token" })).status).toBe(200);
    expect((await call("GET", "/organizations/", { token: null })).status).toBe(401);
    expect((await call("GET", "/organizations/", { token: "bogus" })).status).toBe(401);
    const third = await call("GET", "/organizations/", { token: "other-bogus" });
    expect(third.status).toBe(429);
  });

  it("opens a new window after windowMs; refused requests did not count", async () => {
    // A window long enough that five requests on a loaded machine all fall inside it.
    await emu.admin.setRateLimit(2, 2_000);
    await call("GET", "/organizations/");
    await call("GET", "/organizations/");
    for (let i = 0; i < 3; i++) expect((await call("GET", "/organizations/")).status).toBe(429);
    await sleep(2_100);
    const fresh = await call("GET", "/organizations/");
    expect(fresh.status).toBe(200);
    expect(header(fresh, "x-ratelimit-remaining")).toBe(1);
  });

  it("reset clears the windows", async () => {
    await emu.admin.setRateLimit(1, 60_000);
    await call("GET", "/organizations/");
    expect((await call("GET", "/organizations/")).status).toBe(429);
    await emu.admin.reset();
    expect((await call("GET", "/organizations/")).status).toBe(200);
  });

  it("the admin surface is never rate limited", async () => {
    await emu.admin.setRateLimit(1, 60_000);
    for (let i = 0; i < 5; i++) await emu.admin.state();
    expect((await call("GET", "/organizations/")).status).toBe(200);
  });
});
