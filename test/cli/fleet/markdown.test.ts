// The fleet's markdown report: verdict, the stacks needing a look, the changes in the tense of the
// operation, the impact on calls.
import { describe, expect, it } from "vitest";
import { parseFleetReport } from "../../../cli/fleet/fleet-report";
import { renderFleetMarkdown } from "../../../cli/fleet/markdown";
import { mergeReports } from "../../../cli/fleet/merge";
import { DRIFT, report, result } from "../../fixtures/fleet-results";

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
