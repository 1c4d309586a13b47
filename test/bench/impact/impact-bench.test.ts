// The impact benchmark's entry at a tiny size: one organization of 20 numbers and a fleet of 3 whose
// reads need more than one window of the rate. Its reads and the emulator it fills run from dist/
// (`npm test` builds first). Counts are checked, never times.
import { describe, expect, it } from "vitest";
import { runImpactBench } from "../../../bench/impact/main";
import { renderImpact } from "../../../bench/impact/report";

const TINY = {
  organization: {
    organization: { index: 1, bridges: 2, numbersPerBridge: 10, calls: 500 },
    smallCap: 50,
    reps: 1,
  },
  fleet: {
    organizations: 3,
    bridges: 1,
    numbersPerBridge: 5,
    callsPerOrganization: 50,
    inFlight: 3,
    limit: 6,
    windowMs: 1_000,
  },
};

describe("npm run bench -- --impact, at a tiny size", () => {
  it("reads one organization each way and a fleet through one rate budget", {
    timeout: 120_000,
  }, async () => {
    const r = await runImpactBench(TINY);
    const cases = new Map(r.organization.cases.map((c) => [c.id, c]));
    const of = (id: string) => {
      const c = cases.get(id);
      if (c === undefined) throw new Error(`no case ${id}`);
      return c;
    };

    expect(of("overview")).toMatchObject({ requests: 1, numbers: 20 });
    // Every record, 100 to a page.
    expect(of("call-records")).toMatchObject({ requests: 5, callsRead: 500 });
    for (const c of r.organization.cases) {
      expect(c.status429, c.id).toBe(0);
      // The reader counts what the emulator answered.
      if (!c.baseline) expect(c.readerRequests, c.id).toBe(c.requests);
    }
    const whole = of("moves-whole-window");
    expect(whole).toMatchObject({ capped: false, numbers: 20 });
    expect(of("moves-small-cap")).toMatchObject({ capped: true, callsRead: 50, numbers: 20 });
    // The backwards read stops once a page reaches before the window: a day reads less than a week.
    expect(of("moves-1-day").callsRead).toBeLessThan(whole.callsRead);
    expect(of("moves-1-day").requests).toBeLessThan(whole.requests);
    expect(of("bridges-deleted")).toMatchObject({ numbers: 20, callsRead: whole.callsRead });

    const f = r.fleet;
    expect(f.read.numbers).toBe(15);
    expect(f.read.readerRequests).toBe(f.requests);
    // More than one window's worth, so the reads did share a spent window.
    expect(f.requests).toBeGreaterThan(TINY.fleet.limit);
    expect(f.windowsFloorSeconds).toBeGreaterThan(0);

    const md = renderImpact(r, "header");
    expect(md).toContain("### One organization: 20 numbers on 2 bridges, 500 calls over 14 days");
    expect(md).toContain("### A fleet: 3 organizations of 5 numbers and 50 calls");
  });
});
