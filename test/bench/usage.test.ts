// `npm run bench -- --help`, rendered from the suites' declarations: every suite's flag and option
// is in it, and no flag is declared twice.
import { describe, expect, it } from "vitest";
import { BENCH_SUITES } from "../../bench/suites";
import { usage } from "../../bench/usage";

const help = usage(BENCH_SUITES);

describe("bench --help", () => {
  it("names every suite's flag and each of its options", () => {
    for (const suite of BENCH_SUITES) {
      if (suite.flag) expect(help).toMatch(new RegExp(`^  --${suite.flag}\\b`, "m"));
      expect(help).toContain(suite.usage.split(" ").slice(0, 3).join(" "));
      for (const name of Object.keys(suite.options)) expect(help).toContain(`--${name}`);
    }
    expect(help).toMatch(/^ {2}\(none\) /m);
    expect(help).toContain("--help, -h");
  });

  it("declares each flag once, and one full run", () => {
    const flags = BENCH_SUITES.map((s) => s.flag).filter((f) => f !== undefined);
    expect(new Set(flags).size).toBe(flags.length);
    expect(BENCH_SUITES.filter((s) => s.flag === undefined)).toHaveLength(1);
  });

  it("keeps lines to the width", () => {
    for (const line of help.split("\n")) expect(line.length, line).toBeLessThanOrEqual(104);
  });
});
