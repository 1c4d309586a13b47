// The call window read backwards: `/cdr/` lists ascending ids without a date filter, so the reader
// reads the newest pages first and stops at the window's start, or at `maxCalls`. Requests are
// counted from the emulator's log.
import { beforeEach, describe, expect, it } from "vitest";
import { formatNumberImpact } from "../../../provider/impact/format";
import { OrganizationTraffic } from "../../../provider/impact/organization-traffic";
import type { Touch } from "../../../provider/runtime/touch";
import type { CallDetailRecord, VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor } from "../../fixtures/http";

const emu = useEmulator();
const HOUR = 3_600_000;
const NOW = new Date(Math.floor(Date.now() / HOUR) * HOUR);
/** Globex: the demo token's second organization, its five numbers on no bridge, one seeded call of 2024. */
const ORG = "globex";
const NUMBERS = Array.from({ length: 5 }, (_, i) => `+1212555010${i}`);
const touches: Touch[] = NUMBERS.map((number) => ({ kind: "number", number, change: "disconnect" }));

let client: VoiceClient;

/** Generated calls over the last 14 days after the seeded one, `total` in all; answers them, oldest first. */
async function traffic(total: number): Promise<CallDetailRecord[]> {
  await emu.admin.addTraffic(ORG, { seed: 7, days: 14, calls: total - 1, now: NOW.toISOString() });
  const all = await client.cdr.list(undefined, { orgHandle: ORG });
  expect(all.data).toHaveLength(total);
  await emu.admin.clearRequests();
  return all.data;
}

const cdrRequests = async () => {
  const log = await emu.admin.requests();
  expect(log.every((r) => r.orgHandle === ORG)).toBe(true);
  return log.filter((r) => r.path === "/cdr/").length;
};

/** The window's calls of a number, counted here from every record. */
const callsOf = (all: readonly CallDetailRecord[], number: string, since: number) =>
  all.filter(
    (c) =>
      Date.parse(c.start_time ?? "") >= since &&
      (c.call_type === "inbound" ? c.destination_number : c.source_number) === number,
  ).length;

beforeEach(() => {
  client = clientFor(emu);
});

describe("the backwards read of the call records", () => {
  it("stops at the window's start: of 2,000 calls over 14 days, a 1-day window reads only the last pages", async () => {
    const all = await traffic(2_000);
    const since = NOW.getTime() - 24 * HOUR;
    const inWindow = all.filter((c) => Date.parse(c.start_time ?? "") >= since).length;
    // The generator numbers calls in time order: the window is the newest records.
    expect(all.slice(-inWindow).every((c) => Date.parse(c.start_time ?? "") >= since)).toBe(true);
    expect(inWindow).toBeGreaterThan(100);
    expect(inWindow).toBeLessThan(1_500);

    const reader = new OrganizationTraffic(client, { now: NOW, windowDays: 1 }, ORG);
    const report = await reader.impactOf(touches);
    // Pages from the last down to the one reaching before the window, after the first page.
    const pages = Math.ceil((inWindow + 1) / 100);
    expect(await cdrRequests()).toBe(1 + pages);
    expect(report).toMatchObject({ callsRead: pages * 100, capped: false, windowDays: 1 });
    expect(report.numbers.reduce((sum, n) => sum + n.calls.total, 0)).toBe(inWindow);
    for (const n of report.numbers) expect(n.calls.total, n.number).toBe(callsOf(all, n.number, since));
    // Every number has calls in the last 24 hours and no agent.
    expect(report.numbers.every((n) => n.level === "high" && n.agent === null)).toBe(true);
  });

  it("reads everything when the window covers it, the first page not twice", async () => {
    const all = await traffic(150);
    const report = await new OrganizationTraffic(client, { now: NOW, windowDays: 30 }, ORG).impactOf(touches);
    expect(await cdrRequests()).toBe(2);
    expect(report).toMatchObject({ callsRead: 150, capped: false });
    // All but the seeded call of 2024.
    expect(report.numbers.reduce((sum, n) => sum + n.calls.total, 0)).toBe(all.length - 1);
  });

  it("stops at maxCalls, newest first, and says so in the notes and on every line", async () => {
    const all = await traffic(2_000);
    const report = await new OrganizationTraffic(
      client,
      { now: NOW, windowDays: 14, maxCalls: 250 },
      ORG,
    ).impactOf(touches);
    expect(await cdrRequests()).toBe(1 + 3);
    expect(report).toMatchObject({ callsRead: 250, capped: true });
    expect(report.notes[0]).toBe(
      "impact from the last 250 calls only: the organization has more calls in the window than maxCalls lets one read fetch",
    );
    const newest = all.slice(-250);
    for (const n of report.numbers) {
      expect(n.calls.total, n.number).toBe(callsOf(newest, n.number, 0));
      expect(formatNumberImpact(n, report)).toMatch(/; impact from the last 250 calls only$/);
    }
  });

  it("an organization without calls in the window: one request, nothing counted", async () => {
    const report = await new OrganizationTraffic(client, { now: NOW }, ORG).impactOf(touches.slice(0, 1));
    expect(report).toMatchObject({ callsRead: 1, capped: false });
    expect(report.numbers[0]).toMatchObject({ level: "none", calls: { total: 0, lastCallAt: null } });
    expect(await cdrRequests()).toBe(1);
  });
});
