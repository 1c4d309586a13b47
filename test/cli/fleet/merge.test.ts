import { describe, expect, it } from "vitest";
import { EXIT, exitCode, exitSentence } from "../../../cli/fleet/exit-code";
import {
  type FleetReport,
  parseFleetReport,
  REPORT_FORMAT,
  type StackResult,
} from "../../../cli/fleet/fleet-report";
import { FleetInputError } from "../../../cli/fleet/input-error";
import { renderFleetMarkdown } from "../../../cli/fleet/markdown";
import { githubMatrix, gitlabMatrix, matrixJobs } from "../../../cli/fleet/matrix";
import { mergeReports } from "../../../cli/fleet/merge";

const STACKS = ["p/a", "p/b", "p/c", "p/d"];

function result(id: string, status: StackResult["status"], extra: Partial<StackResult> = {}): StackResult {
  const [project = "", stack = ""] = id.split("/");
  return {
    id,
    project,
    stack,
    folder: ".",
    status,
    changeSummary: {},
    changes: [],
    unlocatedChanges: 0,
    policy: [],
    ...extra,
  };
}

function report(stacks: StackResult[], extra: Partial<FleetReport> = {}): FleetReport {
  return {
    format: REPORT_FORMAT,
    operation: "drift",
    selection: STACKS,
    shards: 2,
    startedAt: "2026-01-01T00:00:00.000Z",
    finishedAt: "2026-01-01T00:01:00.000Z",
    complete: true,
    interrupted: false,
    stacks,
    ...extra,
  };
}

const DRIFT = result("p/a", "changes", {
  changes: [
    {
      resource: "voice:Bridge support",
      urn: "urn:a",
      property: "name",
      code: "Support",
      platform: "Renamed",
      action: "update",
      origin: "platform",
    },
  ],
  durationMs: 61_000,
  requests: 25,
});

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

describe("the markdown report", () => {
  it("states the verdict, lists the stacks needing a look, folds the clean ones, shows drift by field", () => {
    const md = renderFleetMarkdown(
      report([
        DRIFT,
        result("p/b", "clean"),
        result("p/c", "failed", {
          cause: 'voice:orgHandle "initech" | is not an organization this token can use',
        }),
        result("p/d", "clean", {
          policy: [
            {
              policy: "voice-bridge-slug-naming",
              pack: "pulumi-voice-platform",
              level: "advisory",
              resource: "voice:Bridge x",
              message: 'slug "X"',
            },
          ],
        }),
      ]),
    );
    expect(md).toContain("### Telephony fleet: drift");
    expect(md).toContain(
      "**4 stacks** (`pulumi refresh --preview-only` in each): 1 drift, 2 no drift, 1 failed. Exit code 1: 1 stack failed (also 1 drift).",
    );
    expect(md).toContain("1:00 in all · 25 requests to the platform · slowest: p/a 1:01");
    expect(md).toContain("| `p/a` | **drift** | 1 property of 1 resource |  | 25 | 1:01 |");
    expect(md).toContain('| `p/c` | **failed** | voice:orgHandle "initech" \\| is not an organization');
    expect(md).toContain("| `p/d` | no drift |  | 1 advisory |");
    expect(md).toContain("<details><summary>1 stack: no drift</summary>\n\n`p/b`");
    expect(md).toContain("#### `p/a`: drift");
    expect(md).toContain(
      "| voice:Bridge support | `name` | `Support` | `Renamed` | **update** | platform (drift) |",
    );
    expect(md).toContain('| `p/d` | `voice-bridge-slug-naming` | advisory | voice:Bridge x | slug "X" |');
  });
});

describe("the markdown report of an operation that ran", () => {
  const UP = result("p/a", "changes", {
    changeSummary: { create: 2, update: 1, same: 3 },
    changes: [
      { resource: "voice:Bridge sales", urn: "urn:s", property: "", code: "", action: "create" },
      {
        resource: "voice:Bridge support",
        urn: "urn:a",
        property: "name",
        code: "Support",
        platform: "Old",
        action: "update",
      },
    ],
  });

  it("says what `up` did, in the past tense, with the values before and after", () => {
    const md = renderFleetMarkdown(report([UP, result("p/b", "clean")], { operation: "up" }));
    expect(md).toContain("**2 stacks** (`pulumi up` in each): 1 changed, 1 no changes.");
    expect(md).toContain("#### `p/a`: changed");
    expect(md).toContain("| Resource | Property | Before | After | Done |");
    expect(md).toContain("| voice:Bridge sales | — | (none) | (new) | **created** |");
    expect(md).toContain("| voice:Bridge support | `name` | `Old` | `Support` | **updated** |");
    expect(md).not.toMatch(/will/);
  });

  it("says what a preview plans in the future tense, and shows no plan for a stack whose preview failed", () => {
    const failed = result("p/b", "failed", { cause: "voice:Bridge x: check failed: slug: must be a slug" });
    const md = renderFleetMarkdown(
      report([{ ...UP, changes: UP.changes.slice(1) }, failed], { operation: "preview" }),
    );
    expect(md).toContain("| Resource | Property | In code | On the platform | `up` will |");
    expect(md).toContain("| voice:Bridge support | `name` | `Support` | `Old` | **update** |");
    expect(md).toContain("| `p/b` | **failed** | voice:Bridge x: check failed: slug: must be a slug |");
    expect(md).not.toContain("#### `p/b`");
  });
});

describe("the markdown report with impact", () => {
  it("gives each stack's impact totals and lists the riskiest numbers across stacks, unacknowledged first; merges keep it", () => {
    const number = (n: string, level: "high" | "low" | "none", acknowledged: boolean, rule: string) => ({
      number: n,
      change: "move",
      resource: `urn:pulumi:s::p::voice:index:BridgeNumber::${n.slice(-3)}`,
      level,
      rule,
      acknowledged,
    });
    const impact = (numbers: ReturnType<typeof number>[], notes: string[] = []) => ({
      organization: "acme",
      windowDays: 7,
      callsRead: 10,
      capped: false,
      requests: 4,
      numbers,
      notes,
    });
    const a = result("p/a", "changes", {
      impact: impact([
        number("+14155550100", "high", true, "1 follow-up scheduled"),
        number("+14155550101", "none", false, "no calls"),
      ]),
    });
    const b = result("p/b", "changes", {
      impact: impact(
        [number("+14155550200", "high", false, "2 live channels now")],
        ["trunk edge: no numbers"],
      ),
    });
    const c = result("p/c", "changes", { impactError: "the platform refused voice:token" });
    const stacks = [a, b, c, result("p/d", "clean")];
    const merged = mergeReports([
      {
        report: parseFleetReport(JSON.stringify(report(stacks, { operation: "preview" })), "1.json"),
        source: "1.json",
      },
    ]);
    const md = renderFleetMarkdown(merged);
    expect(md).toContain("| Stack | Result | Cause or changes | Policy | Impact | Requests | Time |");
    expect(md).toContain("| 1 high, 0 low, 1 none |");
    expect(md).toContain("| 1 high, 0 low, 0 none (**1 high not acknowledged**) |");
    expect(md).toContain("| not read: the platform refused voice:token |");
    expect(md).toContain("3 numbers touched in 2 stacks; 2 at risk.");
    const rows = md.split("\n").filter((l) => l.includes("| **HIGH** |"));
    expect(rows).toEqual([
      "| `p/b` | +14155550200 | 200 | **HIGH** | 2 live channels now | **no** |",
      "| `p/a` | +14155550100 | 100 | **HIGH** | 1 follow-up scheduled | yes |",
    ]);
    expect(md).toContain("- `p/b`: trunk edge: no numbers");
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
