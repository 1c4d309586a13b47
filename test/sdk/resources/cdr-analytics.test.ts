import { beforeAll, describe, expect, it } from "vitest";
import {
  BadRequestError,
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  type VoiceClient,
} from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor, rejectionOf } from "../../fixtures/http";
import { ANALYTICS_OF_THREE_CALLS } from "../../fixtures/platform";

const emu = useEmulator({ callDurationMs: 600_000 });
let client: VoiceClient;
beforeAll(() => {
  client = clientFor(emu);
});

describe("cdr.list", () => {
  it("lists SIP call records with their bridge (or null)", async () => {
    const page = await client.cdr.list();
    expect(page.count).toBe(5);
    expect(page.data[0]).toMatchObject({
      id: 1,
      call_type: "inbound",
      call_status: "completed",
      bridge: { id: 1, name: "Main line" },
    });
    expect(page.data[2]?.bridge).toBeNull();
  });

  it("filters, and keeps the filters on later pages", async () => {
    const first = await client.cdr.list({ call_type: "inbound", page_size: 2 });
    expect(first.count).toBe(3);
    const ids: number[] = [];
    for await (const c of client.cdr.list({ call_type: "inbound", page_size: 2 })) ids.push(c.id);
    expect(ids).toEqual([1, 4, 5]);
    const notConnected = await client.cdr.list({ call_status: "notConnected" });
    expect(notConnected.data.map((c) => c.id)).toEqual([3, 5]);
  });

  it("refuses an invalid filter before sending; the platform's 400 names it too", async () => {
    const e = await rejectionOf(client.cdr.list({ call_status: "COMPLETED" as never }));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e).toMatchObject({ field: "params.call_status" });
    expect(await emu.admin.requests()).toEqual([]);
  });

  it("maps the organization errors: 403 forbidden, 404 unknown, 400 without Org-Handle", async () => {
    expect(await rejectionOf(client.cdr.list(undefined, { orgHandle: "initech" }))).toBeInstanceOf(
      PermissionDeniedError,
    );
    expect(await rejectionOf(client.cdr.list(undefined, { orgHandle: "nowhere" }))).toBeInstanceOf(
      NotFoundError,
    );
    const noOrg = clientFor(emu, { orgHandle: undefined });
    const e = await rejectionOf(noOrg.cdr.list());
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e).toMatchObject({ code: "org_handle_required" });
  });
});

describe("analytics.retrieve", () => {
  it("aggregates the organization's tasks, or one space's", async () => {
    const all = await client.analytics.retrieve();
    expect(all).toEqual(ANALYTICS_OF_THREE_CALLS);
    await client.tasks.create("sp-acme-sales", {
      pilot: "sales-agent",
      documents: [{ contact_number: "+14155550170" }],
    });
    const sales = await client.analytics.retrieve({ space_token: "sp-acme-sales" });
    expect(sales).toMatchObject({ total_tasks: 1, total_calls: 0, task_status_breakdown: { pending: 1 } });
    expect(await rejectionOf(client.analytics.retrieve({ space_token: "nope" }))).toBeInstanceOf(
      NotFoundError,
    );
    const [request] = (await emu.admin.requests()).slice(-1);
    expect(request?.path).toBe("/organisation/analytics/");
  });
});
