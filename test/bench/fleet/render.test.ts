// The fleet benchmark's table: the shared plugin's runs sit right after the plugin-per-stack runs they
// repeat, each compared in a sentence, and a run without them renders as before.
import { describe, expect, it } from "vitest";
import type { FleetFigures } from "../../../bench/fleet/fleet-run";
import { type FleetResult, renderFleet, sharedLabel } from "../../../bench/fleet/render";

const figures = (label: string, operation: string, seconds: number, peakMb: number): FleetFigures => ({
  label,
  operation,
  stacks: 100,
  parallel: 4,
  seconds,
  peakMb,
  peakProcesses: 12,
  requests: 5_000,
  throttled: 0,
  medianStackSeconds: 1,
  slowestStackSeconds: 2,
  floorSeconds: 500,
  exitCode: 0,
  failed: 0,
  found: operation === "drift" ? [{ id: "org-042", changes: ["Bridge org-042-line-3 `name`"] }] : [],
});

const result = (sharedPlugin?: FleetFigures[]): FleetResult => ({
  date: "2026-11-28T00:00:00.000Z",
  machine: {},
  program: "native",
  organizations: 100,
  numbersPerOrganization: 1_000,
  resourcesPerStack: 23,
  emulatorRatePerMinute: 1_000_000,
  platformRatePerMinute: 600,
  memoryMethod: "tree RSS",
  changedByHand: "org-042-line-3 name",
  runs: [
    figures("create (up)", "up", 400, 900),
    figures("drift", "drift", 200, 800),
    figures("no-op preview", "preview", 180, 700),
    figures("drift, 10 stacks", "drift", 20, 300),
  ],
  ...(sharedPlugin ? { sharedPlugin } : {}),
});

const tableLabels = (md: string): string[] =>
  md
    .split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| Run "))
    .map((l) => l.split(" | ")[0]?.slice(2) ?? "");

describe("fleet bench rendering", () => {
  it("puts each shared-plugin run right after the run it repeats", () => {
    const md = renderFleet(
      result([
        figures(sharedLabel("drift"), "drift", 150, 500),
        figures(sharedLabel("no-op preview"), "preview", 120, 450),
      ]),
    );
    expect(tableLabels(md)).toEqual([
      "create (up)",
      "drift",
      "drift, shared plugin",
      "no-op preview",
      "no-op preview, shared plugin",
      "drift, 10 stacks",
    ]);
    expect(md).toContain(
      "drift with one plugin per lane (the default): 150 s and 500 MB (12 processes) against 200 s and 800 MB (12) with a plugin per stack (`--plugin-per-stack`; time ratio 0.75); found `org-042`: Bridge org-042-line-3 `name`.",
    );
    expect(md).toContain("no-op preview with one plugin per lane (the default): 120 s");
    expect(md).toContain("found 0 stacks with changes.");
  });

  it("renders a run without shared-plugin runs as the plugin-per-stack rows alone", () => {
    const md = renderFleet(result());
    expect(tableLabels(md)).toEqual(["create (up)", "drift", "no-op preview", "drift, 10 stacks"]);
    expect(md).not.toContain("shared");
    expect(md).toContain("| Floor at 600/min |");
  });
});
