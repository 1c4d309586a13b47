import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { ACME_TWILIO, linkAcmeNumbers, refusal } from "../../fixtures/linked-numbers";
import { platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(() => {
  call = platform(emu);
});

const NOW = "2025-06-01T12:00:00.000Z";

describe("POST /_emulator/orgs/{handle}/traffic", () => {
  it("adds CDRs on the linked numbers, with their bridges, that GET /cdr/ lists after the seeded ones", async () => {
    const bridges = await linkAcmeNumbers(emu, {
      front: ACME_TWILIO.numbers.slice(0, 3),
      back: ACME_TWILIO.numbers.slice(3, 5),
    });
    const result = await emu.admin.addTraffic("acme", { seed: 3, days: 2, calls: 40, now: NOW });
    expect(result).toEqual({ added: 40, firstId: 7, lastId: 46 });
    const listed = await call("GET", "/cdr/?page=1&page_size=100");
    expect(listed.json.count).toBe(45);
    const generated = listed.json.data.slice(5);
    expect(generated.map((c: { id: number }) => c.id)).toEqual(Array.from({ length: 40 }, (_, i) => 7 + i));
    expect(new Set(generated.map((c: { bridge: unknown }) => JSON.stringify(c.bridge)))).toEqual(
      new Set([JSON.stringify(bridges.front), JSON.stringify(bridges.back)]),
    );
    const linked = new Set(ACME_TWILIO.numbers.slice(0, 5));
    for (const c of generated) {
      expect(linked.has(c.call_type === "inbound" ? c.destination_number : c.source_number)).toBe(true);
      expect(Date.parse(c.start_time)).toBeGreaterThanOrEqual(Date.parse(NOW) - 2 * 86_400_000);
    }
  });

  it("gives the same calls for the same body, and others for another seed", async () => {
    await linkAcmeNumbers(emu, { main: ACME_TWILIO.numbers.slice(0, 4) });
    const body = { seed: 11, calls: 30, now: NOW };
    await emu.admin.addTraffic("acme", body);
    const first = (await call("GET", "/cdr/?page=1&page_size=100")).json.data;
    await emu.admin.reset();
    await linkAcmeNumbers(emu, { main: ACME_TWILIO.numbers.slice(0, 4) });
    await emu.admin.addTraffic("acme", body);
    expect((await call("GET", "/cdr/?page=1&page_size=100")).json.data).toEqual(first);
    await emu.admin.reset();
    await linkAcmeNumbers(emu, { main: ACME_TWILIO.numbers.slice(0, 4) });
    await emu.admin.addTraffic("acme", { ...body, seed: 12 });
    expect((await call("GET", "/cdr/?page=1&page_size=100")).json.data).not.toEqual(first);
  });

  it("defaults to 200 calls over the 14 days ending now", async () => {
    const before = Date.now();
    const result = await emu.admin.addTraffic("acme");
    expect(result).toEqual({ added: 200, firstId: 7, lastId: 206 });
    const last = (await call("GET", "/cdr/?page=11&page_size=20")).json.data.at(-1);
    expect(last.id).toBe(206);
    expect(Date.parse(last.end_time)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(last.start_time)).toBeGreaterThan(before - 86_400_000);
  });

  it.each([
    [{ days: 0 }, "days"],
    [{ days: 1.5 }, "days"],
    [{ calls: -1 }, "calls"],
    [{ calls: "10" }, "calls"],
    [{ seed: "x" }, "seed"],
    [{ now: "yesterday" }, "now"],
    [{ now: "2025-02-30T00:00:00Z" }, "now"],
  ])("answers 400 naming the field for %j", async (body, field) => {
    const e = await refusal(emu.admin.addTraffic("acme", body as never));
    expect(e.status).toBe(400);
    expect(e.body).toMatchObject({
      error: { code: "validation_error", fields: { [field]: expect.any(String) } },
    });
    expect(Object.keys((e.body as { error: { fields: object } }).error.fields)).toEqual([field]);
    expect((await call("GET", "/cdr/")).json.count).toBe(5);
  });

  it("answers 404 for an unknown organization and 409 for one without numbers", async () => {
    const unknown = await refusal(emu.admin.addTraffic("nowhere", { calls: 5 }));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      error: { code: "not_found", message: expect.stringContaining("nowhere") },
    });
    const empty = await refusal(emu.admin.addTraffic("initech", { calls: 5 }));
    expect(empty.status).toBe(409);
    expect(empty.body).toMatchObject({ error: { code: "no_numbers" } });
  });
});

describe("GET /cdr/ on 100,000 generated calls", () => {
  it("answers the first and the last page with the right ids, filtered pages too", async () => {
    await linkAcmeNumbers(emu, { main: ACME_TWILIO.numbers });
    expect(await emu.admin.addTraffic("acme", { calls: 100_000, now: NOW })).toEqual({
      added: 100_000,
      firstId: 7,
      lastId: 100_006,
    });
    // acme's list: seeded 1–5, then the generated 7–100,006 (6 is globex's).
    const first = (await call("GET", "/cdr/?page=1&page_size=100")).json;
    expect(first.count).toBe(100_005);
    expect(first.data.map((c: { id: number }) => c.id)).toEqual([
      1,
      2,
      3,
      4,
      5,
      ...Array.from({ length: 95 }, (_, i) => 7 + i),
    ]);
    const last = (await call("GET", "/cdr/?page=1001&page_size=100")).json;
    expect(last.data.map((c: { id: number }) => c.id)).toEqual([100_002, 100_003, 100_004, 100_005, 100_006]);
    expect((await call("GET", "/cdr/?page=1002&page_size=100")).json.data).toEqual([]);

    const inbound = (await call("GET", "/cdr/?call_type=inbound&page=3&page_size=50")).json;
    const outbound = (await call("GET", "/cdr/?call_type=outbound&page=1&page_size=1")).json;
    expect(inbound.count + outbound.count).toBe(100_005);
    expect(inbound.data).toHaveLength(50);
    expect(inbound.data.every((c: { call_type: string }) => c.call_type === "inbound")).toBe(true);
    const ids = inbound.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const failedInbound = (await call("GET", "/cdr/?call_type=inbound&call_status=failed&page=1&page_size=5"))
      .json;
    expect(failedInbound.count).toBeGreaterThan(1_000);
    expect(failedInbound.data.map((c: { call_status: string }) => c.call_status)).toEqual(
      Array(5).fill("failed"),
    );
  });
});
