// The readers a suite's run() uses on the parsed command line: numbers with `_`, a value among a
// few, and each failing with a message naming the option.
import { describe, expect, it } from "vitest";
import { BenchUsageError, count, given, oneOf, text, texts } from "../../../bench/harness/suite";

const values = {
  reps: "3",
  numbers: "10_000",
  bad: "ten",
  program: "go",
  flag: true,
  off: false,
  variant: ["a", "b"],
};

describe("bench suite option readers", () => {
  it("reads numbers, falling back when not given", () => {
    expect(count(values, "reps", 5)).toBe(3);
    expect(count(values, "numbers", undefined)).toBe(10_000);
    expect(count(values, "parallel", 8)).toBe(8);
    expect(count(values, "parallel", undefined)).toBeUndefined();
    expect(() => count(values, "bad", 1)).toThrow(new BenchUsageError("--bad must be a number; got ten"));
  });

  it("reads a value among a few", () => {
    expect(oneOf(values, "program", ["javascript", "native", "go"], "javascript")).toBe("go");
    expect(oneOf(values, "form", ["sets", "links"], "sets")).toBe("sets");
    expect(() => oneOf(values, "program", ["js", "ts"], "ts")).toThrow(
      "--program must be one of js, ts; got go",
    );
  });

  it("reads flags, strings and repeated strings", () => {
    expect([
      given(values, "flag"),
      given(values, "off"),
      given(values, "reps"),
      given(values, "none"),
    ]).toEqual([true, false, true, false]);
    expect([text(values, "reps"), text(values, "flag")]).toEqual(["3", undefined]);
    expect([texts(values, "variant"), texts(values, "none")]).toEqual([["a", "b"], []]);
  });
});
