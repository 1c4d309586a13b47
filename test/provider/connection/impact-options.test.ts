// The impact options: one schema, parsed once; a bad option names itself, its rule and the value.
import { describe, expect, it } from "vitest";
import { parseImpactOptions } from "../../../provider/connection/impact-options";

describe("parseImpactOptions", () => {
  it("fills the defaults", () => {
    expect(parseImpactOptions()).toEqual({ windowDays: 7, recentHours: 24, maxCalls: 50_000, highCalls: 1 });
    const now = new Date("2026-11-28T12:00:00Z");
    expect(parseImpactOptions({ windowDays: 0.5, now })).toMatchObject({ windowDays: 0.5, now });
  });

  it.each([
    [{ windowDays: 0 }, "impact option windowDays: must be greater than 0 (got 0)"],
    [{ windowDays: Number.NaN }, "impact option windowDays: must be a number (got NaN)"],
    [{ recentHours: -1 }, "impact option recentHours: must be greater than 0 (got -1)"],
    [{ recentHours: "24" }, 'impact option recentHours: must be a number (got "24")'],
    [{ maxCalls: 1.5 }, "impact option maxCalls: must be an integer (got 1.5)"],
    [{ maxCalls: 0 }, "impact option maxCalls: must be greater than 0 (got 0)"],
    [{ highCalls: 0 }, "impact option highCalls: must be at least 1 (got 0)"],
    [{ now: "2026-11-28" }, 'impact option now: must be a Date (got "2026-11-28")'],
    [
      { windowDay: 7 },
      "impact option windowDay: is not an option (the options are windowDays, recentHours, maxCalls, highCalls, now)",
    ],
    [null, "impact options: must be an object (got null)"],
  ])("refuses %j", (input, message) => {
    expect(() => parseImpactOptions(input)).toThrow(new Error(message));
  });
});
