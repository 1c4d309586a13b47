import { describe, expect, it } from "vitest";
import { EXIT, exitCode, exitSentence } from "../../../cli/fleet/exit-code";
import { parseFleetReport, type StackResult } from "../../../cli/fleet/fleet-report";
import { FleetInputError } from "../../../cli/fleet/input-error";
import { githubMatrix, gitlabMatrix, matrixJobs } from "../../../cli/fleet/matrix";
import { mergeReports } from "../../../cli/fleet/merge";
import { DRIFT, report, result } from "../../fixtures/fleet-results";

describe("merging shard reports", () => {
  // Shard 1/2 holds p/a and p/c, shard 2/2 holds p/b and p/d (round-robin).
  const shard1 = report([DRIFT, result("p/c", "clean")], { shard: 1 });
  const shard2 = report([result("p/b", "clean"), result("p/d", "clean")], { shard: 2 });

  it("gives every stack of the selection once, in selection order", () => {
    const merged = mergeReports([
      { report: shard2, source: "2.json" },
      { report: shard1, source: "1.json" },
    ]);
    expect(merged.stacks.map((s) => [s.id, s.status])).toEqual([
      ["p/a", "changes"],
      ["p/b", "clean"],
      ["p/c", "clean"],
      ["p/d", "clean"],
    ]);
    expect(merged.shard).toBeUndefined();
    expect(exitCode(merged)).toBe(EXIT.changes);
  });

  it("makes a stack a killed shard did not finish, or a missing shard's, a failed row; a later rerun replaces it", () => {
    const killed = report([DRIFT, result("p/c", "running")], {
      shard: 1,
      complete: false,
      finishedAt: undefined,
    });
    const partial = mergeReports([{ report: killed, source: "1.json" }]);
    expect(partial.stacks.find((s) => s.id === "p/c")).toMatchObject({
      status: "failed",
      cause: expect.stringMatching(/^the run of shard 1\/2 ended while this stack was running/),
    });
    expect(partial.stacks.find((s) => s.id === "p/b")).toMatchObject({
      status: "failed",
      cause: expect.stringMatching(/^no report from shard 2\/2/),
    });
    expect(exitCode(partial)).toBe(EXIT.failed);
    expect(exitSentence(partial)).toBe("Exit code 1: 3 stacks failed (also 1 drift).");
    const rerun = report([DRIFT, result("p/c", "clean")], {
      shard: 1,
      startedAt: "2026-01-01T01:00:00.000Z",
    });
    const complete = mergeReports([
      { report: rerun, source: "rerun.json" },
      { report: killed, source: "1.json" },
      { report: shard2, source: "2.json" },
    ]);
    expect(complete.stacks.map((s) => s.status)).toEqual(["changes", "clean", "clean", "clean"]);
    expect(complete.complete).toBe(true);
  });

  it("refuses reports of different runs", () => {
    const other = report([], { selection: ["p/a"], shards: 1 });
    expect(() =>
      mergeReports([
        { report: shard1, source: "1.json" },
        { report: other, source: "x.json" },
      ]),
    ).toThrow(FleetInputError);
    expect(() =>
      mergeReports([
        { report: shard1, source: "1.json" },
        { report: report([], { operation: "preview" }), source: "p.json" },
      ]),
    ).toThrow(/x?p.json is a preview report, 1.json a drift report/);
  });

  it.each(["preview", "up", "destroy"] as const)(
    "merges the shards of a %s, creates and deletes included, as the JSON files hold them",
    (operation) => {
      const row = (urn: string, action: "create" | "delete") => ({
        resource: `voice:Bridge ${urn}`,
        urn,
        property: "",
        ...(action === "create" ? { code: "" } : { platform: "" }),
        action,
      });
      const shard = (n: number, stacks: StackResult[]) =>
        parseFleetReport(JSON.stringify(report(stacks, { operation, shard: n })), `${n}.json`);
      const created = result("p/a", "changes", { changes: [row("urn:a", "create")] });
      const deleted = result("p/b", "changes", { changes: [row("urn:b", "delete")] });
      const merged = mergeReports([
        { report: shard(1, [created, result("p/c", "clean")]), source: "1.json" },
        { report: shard(2, [deleted, result("p/d", "clean")]), source: "2.json" },
      ]);
      expect(merged.stacks.map((s) => [s.id, s.status, s.changes.map((c) => c.action)])).toEqual([
        ["p/a", "changes", ["create"]],
        ["p/b", "changes", ["delete"]],
        ["p/c", "clean", []],
        ["p/d", "clean", []],
      ]);
    },
  );

  it("reads back what it writes, and names a file that is not a report", () => {
    expect(parseFleetReport(JSON.stringify(shard1), "1.json")).toEqual(shard1);
    expect(() => parseFleetReport("{", "x.json")).toThrow(/^x.json is not JSON/);
    expect(() => parseFleetReport('{"format":"other"}', "x.json")).toThrow(
      /^x.json is not a fleet report: format/,
    );
  });
});

describe("exit codes", () => {
  it("ranks a failure over an interrupt over drift, and says each one found", () => {
    const stacks = [
      DRIFT,
      result("p/b", "clean"),
      result("p/c", "not run"),
      result("p/d", "failed", { cause: "x" }),
    ];
    expect(exitCode(report(stacks))).toBe(EXIT.failed);
    expect(exitSentence(report(stacks))).toBe(
      "Exit code 1: 1 stack failed (also 1 cancelled or not run, 1 drift).",
    );
    expect(exitCode(report(stacks.slice(0, 3)))).toBe(EXIT.interrupted);
    expect(exitCode(report(stacks.slice(0, 2)))).toBe(EXIT.changes);
    expect(exitCode(report(stacks.slice(1, 2)))).toBe(EXIT.clean);
    // up applies its changes: they are no reason for a non-zero code.
    expect(exitCode(report([DRIFT], { operation: "up" }))).toBe(EXIT.clean);
  });
});

describe("the CI matrix", () => {
  const stacks = ["a", "b", "c"].map((s) => ({
    id: `p/${s}`,
    project: "p",
    stack: s,
    folder: ".",
    dir: "/p",
  }));

  it("makes one job per shard, never more than stacks", () => {
    expect(githubMatrix(matrixJobs(stacks, 2))).toBe(
      '{"include":[{"shard":"1/2","stacks":"p/a p/c"},{"shard":"2/2","stacks":"p/b"}]}',
    );
    expect(matrixJobs(stacks, 8).map((j) => j.shard)).toEqual(["1/3", "2/3", "3/3"]);
    expect(gitlabMatrix(matrixJobs(stacks, 2))).toBe(
      "parallel:\n  matrix:\n    - SHARD: 1/2\n      STACKS: p/a p/c\n    - SHARD: 2/2\n      STACKS: p/b\n",
    );
  });
});
