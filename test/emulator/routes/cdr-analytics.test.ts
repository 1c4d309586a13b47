import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { ANALYTICS_OF_THREE_CALLS } from "../../fixtures/platform";
import { platform } from "../../fixtures/raw-platform";

const emu = useEmulator({ callDurationMs: 600_000 });
let call: ReturnType<typeof platform>;
beforeAll(() => {
  call = platform(emu);
});

describe("GET /cdr/", () => {
  it("lists the organization's SIP calls with count, every field the spec lists", async () => {
    const res = await call("GET", "/cdr/");
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(5);
    expect(res.json.data[0]).toEqual({
      id: 1,
      source_number: expect.any(String),
      destination_number: expect.any(String),
      call_type: "inbound",
      call_status: "completed",
      bridge: { id: 1, name: "Main line" },
      creation_time: expect.any(String),
      start_time: expect.any(String),
      end_time: expect.any(String),
      call_duration: 63.4,
      end_reason: "call.completed.caller_hangup",
      failure_source: null,
      sip_cause: null,
    });
    const kinds = res.json.data.map((c: { call_type: string; call_status: string; bridge: unknown }) =>
      [c.call_type, c.call_status, c.bridge === null].join(" "),
    );
    expect(new Set(kinds).size).toBe(5);
  });

  it("filters by call_type and call_status, and paginates the filtered list", async () => {
    const inbound = await call("GET", "/cdr/?call_type=inbound");
    expect(inbound.json.count).toBe(3);
    const both = await call("GET", "/cdr/?call_type=inbound&call_status=notConnected");
    expect(both.json.data.map((c: { id: number }) => c.id)).toEqual([5]);
    const page = await call("GET", "/cdr/?page=2&page_size=2");
    expect(page.json).toMatchObject({ count: 5, data: [{ id: 3 }, { id: 4 }] });
  });

  it("answers 400 naming invalid filters", async () => {
    const res = await call("GET", "/cdr/?call_type=sideways&call_status=completed&page=0");
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ call_type: expect.stringContaining("inbound") });
    const status = await call("GET", "/cdr/?call_status=COMPLETED");
    expect(status.json.error.fields).toEqual({ call_status: expect.any(String) });
  });

  it("requires Org-Handle: 400 missing, 403 not the token's, 404 unknown, 401 without a token", async () => {
    expect((await call("GET", "/cdr/", { org: null })).status).toBe(400);
    expect((await call("GET", "/cdr/", { org: "initech" })).status).toBe(403);
    expect((await call("GET", "/cdr/", { org: "nowhere" })).status).toBe(404);
    expect((await call("GET", "/cdr/", { token: null })).status).toBe(401);
    expect((await call("GET", "/cdr/", { org: "globex" })).json.count).toBe(1);
  });

  it("the admin surface adds a CDR", async () => {
    const added = await emu.admin.addCdr("acme", {
      source_number: "+14155550100",
      destination_number: "+14155550199",
      call_type: "outbound",
      call_status: "failed",
      creation_time: "2024-02-01T00:00:00Z",
      start_time: "2024-02-01T00:00:01Z",
      end_time: "2024-02-01T00:00:01Z",
      call_duration: 0,
      end_reason: "call.failed.rejected",
    });
    expect(added).toMatchObject({ id: 7, bridge: null, sip_cause: null });
    expect((await call("GET", "/cdr/?call_status=failed")).json.count).toBe(2);
  });
});

describe("GET /organisation/analytics/", () => {
  it("aggregates the organization's tasks; a new task counts as pending until it ends", async () => {
    const before = await call("GET", "/organisation/analytics/");
    expect(before.status).toBe(200);
    expect(before.json.data).toEqual(ANALYTICS_OF_THREE_CALLS);
    expect(before.json.data.avg_duration_seconds).toBeGreaterThan(0);
    const created = await call("POST", "/spaces/sp-acme-sales/tasks/create/", {
      body: { pilot: "sales-agent", documents: [{ contact_number: "+14155550160" }] },
    });
    const sales = await call("GET", "/organisation/analytics/?space_token=sp-acme-sales");
    expect(sales.json.data).toMatchObject({
      total_tasks: 1,
      total_calls: 0,
      task_status_breakdown: { pending: 1 },
    });
    await emu.admin.completeTask(created.json.data.task_ids[0], "failed");
    const after = await call("GET", "/organisation/analytics/");
    expect(after.json.data).toMatchObject({ total_tasks: 4, total_calls: 4, failed_calls: 2 });
  });

  it("404s an unknown space, follows Org-Handle, refuses without a token, and is not at /organization/", async () => {
    expect((await call("GET", "/organisation/analytics/?space_token=nope")).status).toBe(404);
    expect((await call("GET", "/organisation/analytics/", { org: "globex" })).json.data.total_tasks).toBe(0);
    expect((await call("GET", "/organisation/analytics/", { token: null })).status).toBe(401);
    expect((await call("GET", "/organization/analytics/")).status).toBe(404);
  });
});
