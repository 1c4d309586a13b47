// One token, one rate budget: K real processes, each running the SDK as its own organization,
// share one token against one emulator at a low rate with a short window. None may lose an
// operation to a 429, every one must finish, and in the windows all of them had work through each
// must have had a fair share of the answers. The time against the floor (requests ÷ rate) is reported, not asserted.
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runRateBudget } from "../../../bench/sdk/rate-budget";
import { BUILD_TIMEOUT_MS, buildCli } from "../../fixtures/cli-build";

const PROCESSES = 4;
const PAIRS = 15;
const LIMIT = 40;
const WINDOW_MS = 2_000;

let sdkEntry: string;
beforeAll(() => {
  // The SDK as the processes load it: compiled from these sources (shared with the CLI tests).
  sdkEntry = join(dirname(dirname(buildCli())), "sdk", "index.js");
}, BUILD_TIMEOUT_MS);

describe("processes sharing one token", () => {
  it(`${PROCESSES} processes at ${LIMIT} requests per ${WINDOW_MS / 1000} s: none fails by 429, each gets its share`, {
    timeout: 120_000,
  }, async () => {
    const r = await runRateBudget({
      sdkEntry,
      processes: PROCESSES,
      pairs: PAIRS,
      limit: LIMIT,
      windowMs: WINDOW_MS,
    });
    console.info(
      `rate budget: ${r.requests} requests, ${r.status429} × 429, ${r.elapsedMs} ms against a floor of ` +
        `${r.floorMs} ms (× ${(r.elapsedMs / r.floorMs).toFixed(2)}); shares ${r.perProcess.map((p) => p.share.toFixed(2)).join(" ")}`,
    );
    for (const p of r.perProcess) {
      // Every process completed every operation: no 429 outlasted its retries.
      expect({ org: p.org, exitCode: p.exitCode, pairs: p.pairs, failed: p.failed }).toEqual({
        org: p.org,
        exitCode: 0,
        pairs: PAIRS,
        failed: [],
      });
      // Exactly its requests were answered: each create once (a 429 had no effect), each read once.
      expect(p.answered, p.org).toBe(PAIRS * 2);
      // Nobody starved while all ran: at least half an equal share each.
      expect(p.share, p.org).toBeGreaterThanOrEqual(0.5);
    }
    // The work needed more than one window, so the processes did share a spent window.
    expect(r.requests).toBeGreaterThan(2 * LIMIT);
    // Pacing kept the 429s to a few per window, rather than one per request over the budget.
    expect(r.status429).toBeLessThanOrEqual(Math.ceil(r.elapsedMs / WINDOW_MS + 1) * PROCESSES);
  });
});
