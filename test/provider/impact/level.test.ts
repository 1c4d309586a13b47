// The level rule and the one-line summary: engine-free, from facts alone.
import { describe, expect, it } from "vitest";
import { NO_CALLS } from "../../../provider/impact/call-counts";
import { formatNumberImpact } from "../../../provider/impact/format";
import { levelOf } from "../../../provider/impact/level";
import type { NumberCalls, NumberImpact } from "../../../provider/impact/number-impact";

const limits = { windowDays: 7, recentHours: 24, highCalls: 1 };
const calls = (c: Partial<NumberCalls> = {}): NumberCalls => ({ ...NO_CALLS, ...c });
const quiet = { calls: calls(), liveChannels: 0, followUps: { count: 0, next: null } };

describe("levelOf", () => {
  it("high on a live channel, first of all the rules", () => {
    const busy = {
      calls: calls({ total: 3, recent: 3 }),
      liveChannels: 2,
      followUps: { count: 1, next: null },
    };
    expect(levelOf(busy, limits)).toEqual({ level: "high", rule: "2 live channels now" });
    expect(levelOf({ ...quiet, liveChannels: 1 }, limits).rule).toBe("1 live channel now");
  });

  it("high on a scheduled follow-up, naming the next one to the minute", () => {
    const facts = { ...quiet, followUps: { count: 1, next: "2026-11-29T09:00:30.000Z" } };
    expect(levelOf(facts, limits)).toEqual({
      level: "high",
      rule: "1 follow-up scheduled (next 2026-11-29T09:00Z)",
    });
  });

  it("high on recent calls, from highCalls on", () => {
    const facts = { ...quiet, calls: calls({ total: 5, recent: 3 }) };
    expect(levelOf(facts, limits)).toEqual({ level: "high", rule: "3 calls in the last 24 h" });
    expect(levelOf(facts, { ...limits, highCalls: 3 }).level).toBe("high");
    expect(levelOf(facts, { ...limits, highCalls: 4 })).toEqual({
      level: "low",
      rule: "5 calls in 7 days, 3 (fewer than 4) in the last 24 h",
    });
  });

  it("low on calls in the window, none recent", () => {
    expect(levelOf({ ...quiet, calls: calls({ total: 4 }) }, limits)).toEqual({
      level: "low",
      rule: "4 calls in 7 days, none in the last 24 h",
    });
  });

  it("none without calls, channels or follow-ups, saying what was unknown", () => {
    expect(levelOf(quiet, limits)).toEqual({
      level: "none",
      rule: "no calls in 7 days, no live channels, no follow-ups",
    });
    expect(
      levelOf({ calls: calls(), liveChannels: null, followUps: null }, { ...limits, windowDays: 1 }),
    ).toEqual({ level: "none", rule: "no calls in 1 day, live channels unknown, follow-ups unknown" });
  });
});

describe("formatNumberImpact", () => {
  const busy: NumberImpact = {
    number: "+14155550100",
    change: "move",
    fromBridge: "support",
    toBridge: "sales",
    calls: calls({
      total: 37,
      inbound: 30,
      outbound: 7,
      completed: 34,
      failed: 3,
      recent: 5,
      lastCallAt: "2026-11-28T13:02:41.000Z",
    }),
    liveChannels: 2,
    agent: "support-agent",
    followUps: { count: 1, next: "2026-11-29T09:00:00.000Z" },
    level: "high",
    rule: "2 live channels now",
  };
  const report = { windowDays: 7, callsRead: 900, capped: false };

  it("says the change, the level, its rule and every other fact once", () => {
    expect(formatNumberImpact(busy, report)).toBe(
      "+14155550100 (move support → sales): HIGH — 2 live channels now; 37 calls in 7 days (30 in, 7 out; 3 failed), " +
        "last 2026-11-28T13:02Z; agent support-agent; 1 follow-up scheduled (next 2026-11-29T09:00Z)",
    );
  });

  it("a quiet number on a deleted bridge, no agent", () => {
    const { toBridge: _, ...onBridge } = busy;
    const impact: NumberImpact = {
      ...onBridge,
      change: "bridge-delete",
      calls: calls(),
      liveChannels: 0,
      agent: null,
      followUps: null,
      level: "none",
      rule: "no calls in 7 days, no live channels, follow-ups unknown",
    };
    expect(formatNumberImpact(impact, report)).toBe(
      "+14155550100 (bridge support deleted): NONE — no calls in 7 days, no live channels, follow-ups unknown; no agent",
    );
  });

  it("a capped read says so on every line", () => {
    expect(formatNumberImpact(busy, { ...report, capped: true })).toMatch(
      /; impact from the last 900 calls only$/,
    );
  });

  it("a disconnect names the bridge it leaves", () => {
    expect(formatNumberImpact({ ...busy, change: "disconnect" }, report)).toMatch(
      /^\+14155550100 \(disconnect from support\): HIGH/,
    );
  });
});
