import { request } from "undici";
import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(async () => {
  call = platform(emu);
});

const createBridge = (slug: string) => call("POST", "/telephony/bridges/", { body: { name: slug, slug } });
/** A bridge create whose client stops waiting for the answer after `timeoutMs`. */
const createGivingUp = (slug: string, timeoutMs: number) =>
  request(`${emu.apiUrl}/telephony/bridges/`, {
    method: "POST",
    headers: {
      authorization: `Token ${emu.token}`,
      "org-handle": emu.orgHandle,
      "content-type": "application/json",
    },
    body: JSON.stringify({ name: slug, slug }),
    headersTimeout: timeoutMs,
  });
const bridgeSlugs = async () => (await emu.admin.state()).bridges.map((b) => b.slug);

describe("faults", () => {
  it("status: answers the status with injected_fault once, writing nothing", async () => {
    const { id } = await emu.admin.addFault({ kind: "status", status: 503 });
    expect(id).toBeGreaterThan(0);
    const res = await createBridge("a");
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: { code: "injected_fault", message: expect.any(String) } });
    expect(res.headers["x-ratelimit-limit"]).toBeDefined();
    expect(await bridgeSlugs()).toEqual([]);
    expect((await createBridge("a")).status).toBe(201);
  });

  it("every: applies to every n-th matching request only", async () => {
    await emu.admin.addFault({ kind: "status", status: 503, every: 3, times: 0 });
    const statuses = [];
    for (const slug of ["a", "b", "c", "d", "e", "f"]) statuses.push((await createBridge(slug)).status);
    expect(statuses).toEqual([201, 201, 503, 201, 201, 503]);
    expect(await bridgeSlugs()).toEqual(["a", "b", "d", "e"]);
  });

  it("match selects by method and path prefix", async () => {
    await emu.admin.addFault({
      kind: "status",
      status: 502,
      match: { method: "post", path: "/telephony/bridges/" },
    });
    expect((await call("GET", "/telephony/bridges/")).status).toBe(200);
    expect(
      (await call("POST", "/telephony/trunks/", { body: { name: "T", sip_url: "h.example" } })).status,
    ).toBe(201);
    expect((await createBridge("a")).status).toBe(502);
    expect((await createBridge("a")).status).toBe(201);
  });

  it("times counts matching requests; 0 means until cleared", async () => {
    await emu.admin.addFault({ kind: "status", status: 500, times: 2 });
    expect((await call("GET", "/organizations/")).status).toBe(500);
    expect((await call("GET", "/organizations/")).status).toBe(500);
    expect((await call("GET", "/organizations/")).status).toBe(200);
    await emu.admin.addFault({ kind: "status", status: 504, times: 0 });
    for (let i = 0; i < 4; i++) expect((await call("GET", "/organizations/")).status).toBe(504);
    await emu.admin.clearFaults();
    expect((await call("GET", "/organizations/")).status).toBe(200);
  });

  it("faults act before authentication", async () => {
    await emu.admin.addFault({ kind: "status", status: 503 });
    expect((await call("GET", "/organizations/", { token: null })).status).toBe(503);
  });

  it("latency delays the answer after the write: a client that gives up leaves the write", async () => {
    await emu.admin.addFault({ kind: "latency", ms: 2000, match: { method: "POST" } });
    // The client's timeout (500 ms) ends before the 2 s latency: the create's fate is unknown to it.
    await expect(createGivingUp("orphan", 500)).rejects.toThrow(/timeout/i);
    // ... but it happened: the timeout orphan is there for the next reader to find.
    expect(await bridgeSlugs()).toEqual(["orphan"]);
    // ... and the request log has it, with the answer the client never saw.
    await expect
      .poll(async () => (await emu.admin.requests()).filter((r) => r.method === "POST"), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ path: "/telephony/bridges/", status: 201 })]);
    expect((await createBridge("orphan")).json.error.code).toBe("already_exists");
  });

  it("latency waits ms before the answer, and combines with another fault", async () => {
    await emu.admin.addFault({ kind: "latency", ms: 300 });
    let started = performance.now();
    expect((await call("GET", "/organizations/")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await emu.admin.addFault({ kind: "latency", ms: 200 });
    await emu.admin.addFault({ kind: "status", status: 500 });
    started = performance.now();
    expect((await createBridge("a")).status).toBe(500);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(await bridgeSlugs()).toEqual([]);
    const armed = (await (await request(`${emu.url}/_emulator/faults`)).body.json()) as { faults: unknown[] };
    expect(armed.faults).toEqual([]);
  });

  it("clearing the faults releases an answer a latency fault still holds, its write done", async () => {
    await emu.admin.addFault({ kind: "latency", ms: 600_000, match: { method: "POST" } });
    const held = createBridge("held");
    await expect.poll(bridgeSlugs).toEqual(["held"]);
    await emu.admin.clearFaults();
    expect((await held).status).toBe(201);
  });

  it("the request log tags every faulted request with its fault, latency included", async () => {
    await emu.admin.addFault({ kind: "latency", ms: 50, match: { path: "/organizations/" } });
    expect((await call("GET", "/organizations/")).status).toBe(200);
    await emu.admin.addFault({ kind: "latency", ms: 0, match: { path: "/spaces/" } });
    expect((await call("GET", "/spaces/")).status).toBe(200);
    await emu.admin.addFault({ kind: "latency", ms: 40, match: { method: "POST" } });
    await emu.admin.addFault({ kind: "status", status: 503, match: { method: "POST" } });
    expect((await createBridge("a")).status).toBe(503);
    await emu.admin.addFault({ kind: "latency", ms: 30, match: { method: "POST" } });
    expect((await createBridge("b")).status).toBe(201);
    expect((await call("GET", "/organizations/")).status).toBe(200);
    const log = (await emu.admin.requests()).map(({ method, path, status, fault, latencyMs }) => ({
      method,
      path,
      status,
      fault,
      latencyMs,
    }));
    expect(log).toEqual([
      { method: "GET", path: "/organizations/", status: 200, fault: "latency", latencyMs: 50 },
      { method: "GET", path: "/spaces/", status: 200, fault: "latency", latencyMs: 0 },
      // Combined: the fault that decided the answer, with the latency it waited first.
      { method: "POST", path: "/telephony/bridges/", status: 503, fault: "status", latencyMs: 40 },
      { method: "POST", path: "/telephony/bridges/", status: 201, fault: "latency", latencyMs: 30 },
      { method: "GET", path: "/organizations/", status: 200, fault: undefined, latencyMs: undefined },
    ]);
  });

  it("a client that leaves during a latency fault is logged with it", async () => {
    await emu.admin.addFault({ kind: "latency", ms: 2000, match: { method: "POST" } });
    await expect(createGivingUp("left", 200)).rejects.toThrow(/timeout/i);
    await expect
      .poll(async () => (await emu.admin.requests()).filter((r) => r.method === "POST"), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ status: 201, fault: "latency", latencyMs: 2000 })]);
  });

  it("rate-limit: 429 with Retry-After and the rate-limit body, no write, no quota used", async () => {
    await emu.admin.setRateLimit(5);
    await emu.admin.addFault({ kind: "rate-limit", retryAfter: 7 });
    const res = await createBridge("a");
    expect(res.status).toBe(429);
    expect(res.headers["retry-after"]).toBe("7");
    expect(res.headers["x-ratelimit-remaining"]).toBe("0");
    expect(res.json.error.code).toBe("rate_limit_exceeded");
    expect(await bridgeSlugs()).toEqual([]);
    expect((await call("GET", "/organizations/")).headers["x-ratelimit-remaining"]).toBe("4");
  });

  it("reset-before: the connection drops and nothing is written", async () => {
    await emu.admin.addFault({ kind: "reset-before", match: { method: "POST" } });
    await expect(createBridge("a")).rejects.toThrow();
    expect(await bridgeSlugs()).toEqual([]);
    const log = await emu.admin.requests();
    expect(log).toEqual([
      {
        method: "POST",
        path: "/telephony/bridges/",
        status: 0,
        orgHandle: "acme",
        at: expect.any(String),
        atMs: expect.any(Number),
        fault: "reset-before",
      },
    ]);
    expect((await createBridge("a")).status).toBe(201);
  });

  it("reset-after: the write commits, then the connection drops without an answer", async () => {
    await emu.admin.addFault({ kind: "reset-after", match: { path: "/telephony/bridges/" } });
    await expect(createBridge("a")).rejects.toThrow();
    expect(await bridgeSlugs()).toEqual(["a"]);
    const log = await emu.admin.requests();
    expect(log.at(-1)).toMatchObject({ status: 0, fault: "reset-after" });
    // a retry of the same create now meets the committed record
    expect((await createBridge("a")).json.error.code).toBe("already_exists");
  });

  it("reset-after of a delete commits the delete", async () => {
    await createBridge("a");
    await emu.admin.addFault({ kind: "reset-after", match: { method: "DELETE" } });
    await expect(call("DELETE", "/telephony/bridges/a/")).rejects.toThrow();
    expect(await bridgeSlugs()).toEqual([]);
  });

  it("GET /_emulator/faults lists the faults still armed", async () => {
    await emu.admin.addFault({ kind: "status", times: 2, match: { path: "/spaces/" } });
    await call("GET", "/spaces/");
    const res = await request(`${emu.url}/_emulator/faults`);
    const body = (await res.body.json()) as { faults: { kind: string; remaining: number; status: number }[] };
    expect(body.faults).toEqual([
      expect.objectContaining({ kind: "status", remaining: 1, status: 500, path: "/spaces/" }),
    ]);
  });

  it("rejects invalid faults with 400 naming the field", async () => {
    await expect(emu.admin.addFault({ kind: "explode" as "status" })).rejects.toMatchObject({
      status: 400,
      body: { error: { fields: { kind: expect.any(String) } } },
    });
    await expect(emu.admin.addFault({ kind: "latency" })).rejects.toMatchObject({
      status: 400,
      body: { error: { fields: { ms: expect.any(String) } } },
    });
  });
});
