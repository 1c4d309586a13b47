import { describe, expect, it } from "vitest";
import { cdrIndexOf } from "../../../../emulator/domain/calls/cdr-index";
import {
  addTraffic,
  NoLinesError,
  type TrafficPlan,
  trafficLines,
} from "../../../../emulator/domain/calls/traffic";
import type { CallDetailRecord, EmulatorState } from "../../../../emulator/domain/state";
import { addBridge, addLink } from "../../../../emulator/domain/state-changes";
import { indexOf, inOrder } from "../../../../emulator/domain/state-index";
import { createContext } from "../../../../emulator/server";

const NOW = "2025-06-01T12:00:00.000Z";
const DAY_MS = 86_400_000;

/** A fresh state whose organization has `numbers` numbers spread over `bridges` bridges (none: unlinked). */
function estate(opts: { numbers?: number; bridges?: number; linked?: number } = {}) {
  const { numbers = 20, bridges = 2, linked = numbers } = opts;
  const state = createContext({ organizations: 1, numbersPerOrganization: numbers }).store.state;
  const org = "org-001";
  const made = Array.from({ length: bridges }, (_, b) => {
    const bridge = { id: 900 + b, organization: org, name: `Bridge ${b}`, slug: `b${b}`, created_at: NOW };
    addBridge(state, bridge);
    return bridge;
  });
  inOrder(indexOf(state).numbersByOrganization.get(org))
    .slice(0, bridges === 0 ? 0 : linked)
    .forEach((n, i) => {
      const bridge = made[i % bridges] as (typeof made)[number];
      addLink(state, {
        id: 5000 + i,
        bridge_id: bridge.id,
        number_id: n.id,
        configuration_id: 1,
        created_at: NOW,
      });
    });
  return { state, org };
}

const plan = (over: Partial<TrafficPlan> = {}): TrafficPlan => ({
  seed: 1,
  days: 14,
  calls: 200,
  now: NOW,
  ...over,
});
const added = (state: EmulatorState, org: string): CallDetailRecord[] =>
  cdrIndexOf(state)
    .list(org)
    .filter((c) => c.id > 6);

describe("generated traffic", () => {
  it("is the same for the same seed, now and numbers, and differs with another seed", () => {
    const a = estate();
    const b = estate();
    const c = estate();
    addTraffic(a.state, a.org, plan());
    addTraffic(b.state, b.org, plan());
    addTraffic(c.state, c.org, plan({ seed: 2 }));
    expect(added(a.state, a.org)).toHaveLength(200);
    expect(added(b.state, b.org)).toEqual(added(a.state, a.org));
    const withoutIds = (cs: CallDetailRecord[]) => cs.map(({ id: _, ...c }) => c);
    expect(withoutIds(added(c.state, c.org))).not.toEqual(withoutIds(added(a.state, a.org)));
  });

  it("stays in the window ending at now, with ids ascending in start-time order, some in the last 24 hours", () => {
    const { state, org } = estate();
    const result = addTraffic(state, org, plan({ days: 7, calls: 500 }));
    expect(result).toEqual({ added: 500, firstId: 7, lastId: 506 });
    const calls = added(state, org);
    const nowMs = Date.parse(NOW);
    for (const c of calls) {
      expect(Date.parse(c.creation_time)).toBeGreaterThanOrEqual(nowMs - 7 * DAY_MS);
      expect(Date.parse(c.creation_time)).toBeLessThanOrEqual(Date.parse(c.start_time));
      expect(Date.parse(c.end_time)).toBeLessThanOrEqual(nowMs);
      expect(Date.parse(c.end_time) - Date.parse(c.start_time)).toBe(Math.round(c.call_duration * 1000));
    }
    expect(calls.map((c) => c.id)).toEqual(Array.from({ length: 500 }, (_, i) => 7 + i));
    const starts = calls.map((c) => Date.parse(c.start_time));
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    const lastDay = calls.filter((c) => Date.parse(c.start_time) >= nowMs - DAY_MS);
    expect(lastDay.length).toBeGreaterThan(50);
    const firstDay = calls.filter((c) => Date.parse(c.start_time) < nowMs - 6 * DAY_MS);
    expect(firstDay.length).toBeGreaterThan(10);
  });

  it("puts at least one call in the last 24 hours even when there is one call", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { state, org } = estate();
      addTraffic(state, org, plan({ seed, calls: 1, days: 30 }));
      const [call] = added(state, org);
      expect(Date.parse(call?.start_time ?? "")).toBeGreaterThanOrEqual(Date.parse(NOW) - DAY_MS);
    }
  });

  it("spreads over every linked number and bridge, both directions, every status", () => {
    const { state, org } = estate({ numbers: 30, bridges: 3, linked: 20 });
    addTraffic(state, org, plan({ calls: 300 }));
    const calls = added(state, org);
    const lines = trafficLines(state, org);
    expect(lines).toHaveLength(20);
    const ours = new Map(lines.map((l) => [l.number, l.bridge]));
    const perNumber = new Map<string, number>();
    for (const c of calls) {
      const own = c.call_type === "inbound" ? c.destination_number : c.source_number;
      const other = c.call_type === "inbound" ? c.source_number : c.destination_number;
      expect(ours.has(own)).toBe(true);
      expect(ours.has(other)).toBe(false);
      expect(other).toMatch(/^\+1\d{10}$/);
      expect(c.bridge).toEqual(ours.get(own));
      perNumber.set(own, (perNumber.get(own) ?? 0) + 1);
      expect(c.call_duration > 0).toBe(c.call_status === "completed");
    }
    // Each of the 20 linked numbers gets its even share; the 10 unlinked ones none.
    expect([...perNumber.values()]).toEqual(Array(20).fill(15));
    expect(new Set(calls.map((c) => c.bridge?.name))).toEqual(new Set(["Bridge 0", "Bridge 1", "Bridge 2"]));
    expect(new Set(calls.map((c) => c.call_type))).toEqual(new Set(["inbound", "outbound"]));
    expect(new Set(calls.map((c) => c.call_status))).toEqual(
      new Set(["completed", "notConnected", "failed"]),
    );
    expect(new Set(calls.map((c) => c.call_duration)).size).toBeGreaterThan(50);
  });

  it("uses every number of the organization, without a bridge, when none is linked", () => {
    const { state, org } = estate({ numbers: 5, bridges: 0 });
    addTraffic(state, org, plan({ calls: 10 }));
    const calls = added(state, org);
    expect(calls.every((c) => c.bridge === null)).toBe(true);
    const own = new Set(
      calls.map((c) => (c.call_type === "inbound" ? c.destination_number : c.source_number)),
    );
    expect(own.size).toBe(5);
  });

  it("refuses an organization without numbers, writing nothing; zero calls add nothing", () => {
    const { state } = estate();
    expect(() => addTraffic(state, "initech", plan())).toThrow(NoLinesError);
    expect(state.cdrs).toHaveLength(6);
    expect(addTraffic(state, "initech", plan({ calls: 0 }))).toEqual({
      added: 0,
      firstId: null,
      lastId: null,
    });
  });

  it("numbers a second batch above the first, and /cdr/'s lists stay in id order", () => {
    const { state, org } = estate();
    addTraffic(state, org, plan({ calls: 50 }));
    const second = addTraffic(state, org, plan({ calls: 50, seed: 9, now: "2025-05-01T00:00:00.000Z" }));
    expect(second).toEqual({ added: 50, firstId: 57, lastId: 106 });
    const ids = cdrIndexOf(state)
      .list(org, "inbound")
      .map((c) => c.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids.length).toBeGreaterThan(20);
  });

  it("makes 100,000 calls over 10,000 linked numbers in well under a few seconds", () => {
    const { state, org } = estate({ numbers: 10_000, bridges: 10 });
    // CPU time of this process, not wall time: other processes on the machine do not count.
    const started = process.cpuUsage();
    const result = addTraffic(state, org, plan({ calls: 100_000 }));
    const used = process.cpuUsage(started);
    expect(result).toEqual({ added: 100_000, firstId: 7, lastId: 100_006 });
    expect((used.user + used.system) / 1000).toBeLessThan(3_000);
    const owners = new Set(
      added(state, org).map((c) => (c.call_type === "inbound" ? c.destination_number : c.source_number)),
    );
    expect(owners.size).toBe(10_000);
  });
});
