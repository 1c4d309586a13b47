// The fleet's drift workflow (examples/fleet/drift.yml) holds what it promises: a matrix built from the
// planning job's `fleet matrix`, bounded by max-parallel, every shard's report kept as an artifact (also
// when the job fails), and a merge job after all shards. Every `pulumi-voice-platform fleet` command in it
// parses with the command's own options, and the fleet file parses as a fleet file. (actionlint checks
// the file in ci-workflow.test.ts, with every workflow under examples/.)
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseFleetFile } from "../../cli/fleet/fleet-file";
import { parseFleetArgs } from "../../cli/fleet/options";
import { repoRoot } from "../fixtures/engine";

interface Step {
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  strategy?: { matrix?: unknown; "max-parallel"?: number; "fail-fast"?: boolean };
  "timeout-minutes"?: number;
  steps: Step[];
}

const folder = path.join(repoRoot, "examples", "fleet");

/** The arguments of each `pulumi-voice-platform fleet …` in `script`, with the workflow's variables filled in. */
function fleetCommands(script: string): string[][] {
  const joined = script.replace(/\\\n\s*/g, " ");
  return [...joined.matchAll(/pulumi-voice-platform fleet ([^|>\n)]*)/g)].map((m) =>
    (m[1] ?? "")
      .replace(/"\$\{\{ matrix\.shard \}\}"/g, "2/4")
      .replace(/"\$FLEET"/g, "fleet.yaml")
      .replace(/"\$SHARDS"/g, "4")
      .trim()
      .split(/\s+/),
  );
}

describe("the fleet drift workflow", async () => {
  const workflow = parse(await readFile(path.join(folder, "drift.yml"), "utf8")) as {
    on: Record<string, unknown>;
    jobs: Record<string, Job>;
  };
  const { plan, drift, report } = workflow.jobs as Record<string, Job>;

  it("plans the shards, runs them as a bounded matrix keeping every report, then merges", () => {
    expect(Object.keys(workflow.on)).toContain("schedule");
    expect(plan?.steps.some((s) => s.run?.includes("fleet matrix"))).toBe(true);
    expect(drift?.strategy?.matrix).toBe(`$\{{ fromJSON(needs.plan.outputs.matrix) }}`);
    expect(drift?.strategy?.["max-parallel"]).toBeGreaterThan(0);
    expect(drift?.strategy?.["fail-fast"]).toBe(false);
    const upload = drift?.steps.find((s) => s.uses?.startsWith("actions/upload-artifact"));
    expect(upload).toMatchObject({ if: "always()", with: { overwrite: true } });
    expect(report?.needs).toEqual(["plan", "drift"]);
    expect(report?.if).toMatch(/always\(\)/);
    expect(
      report?.steps.some((s) => s.run?.includes("fleet merge") && s.run.includes("GITHUB_STEP_SUMMARY")),
    ).toBe(true);
  });

  it("gives the fleet command only options it takes", () => {
    const commands = Object.values(workflow.jobs).flatMap((job) =>
      job.steps.flatMap((s) => fleetCommands(s.run ?? "")),
    );
    expect(commands.map((c) => c[0])).toEqual(["matrix", "drift", "merge"]);
    for (const argv of commands) expect(() => parseFleetArgs(argv), argv.join(" ")).not.toThrow();
    expect(drift?.["timeout-minutes"]).toBeGreaterThan(0);
  });

  it("ships a fleet file that parses", async () => {
    const file = path.join(folder, "fleet.yaml");
    expect(parseFleetFile(await readFile(file, "utf8"), file).map((p) => p.folder)).toEqual([
      "../customers",
      "../platform",
    ]);
  });
});
