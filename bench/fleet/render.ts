// The fleet benchmark's markdown: one row per timed run (a plugin per stack), the shared plugin's runs
// (the fleet's default, one plugin per lane) beside the runs they repeat, then what the drift check
// found and the ratios.
import { int, round } from "../harness/stats";
import type { FleetFigures } from "./fleet-run";
import { FLEET_PROGRAMS, type FleetProgram } from "./programs";

/** The target of each timed run on 2 cores. */
const TARGET_S = 300;

/** What bench/results/fleet*.json holds. */
export interface FleetResult {
  date: string;
  machine: unknown;
  program: FleetProgram;
  organizations: number;
  numbersPerOrganization: number;
  resourcesPerStack: number;
  emulatorRatePerMinute: number;
  platformRatePerMinute: number;
  memoryMethod: string;
  changedByHand: string;
  /** Create, drift check, no-op preview, the drift check of a tenth, then the engine's floors. */
  runs: FleetFigures[];
  /** The drift check and no-op preview again with the fleet's default shared plugin, when asked for. */
  sharedPlugin?: FleetFigures[];
}

/** The label of the shared plugin's run repeating the run labelled `label`. */
export const sharedLabel = (label: string): string => `${label}, shared plugin`;

const row = (f: FleetFigures): string =>
  `| ${f.label} | ${f.stacks} | ${f.parallel} | ${f.seconds} s${f.operation === "up" ? "" : f.seconds <= TARGET_S ? " ✓" : " ✗"} | ${int(f.peakMb)} MB (${f.peakProcesses} processes) | ${int(f.requests)}${f.throttled ? ` (${f.throttled} × 429)` : ""} | ${f.floorSeconds.toLocaleString("en-US")} s | ${f.exitCode} | ${f.failed} |`;

const findings = (f: FleetFigures): string =>
  f.found.map((x) => `\`${x.id}\`: ${x.changes.join(", ")}`).join("; ") || "nothing";

/** One sentence per shared plugin's run: its time and memory against the plugin-per-stack run's. */
function sharedSentences(runs: readonly FleetFigures[], shared: readonly FleetFigures[]): string[] {
  return shared.flatMap((s) => {
    const base = runs.find((r) => sharedLabel(r.label) === s.label);
    if (!base) return [];
    return [
      `${base.label} with one plugin per lane (the default): ${s.seconds} s and ${int(s.peakMb)} MB (${s.peakProcesses} processes) against ${base.seconds} s and ${int(base.peakMb)} MB (${base.peakProcesses}) with a plugin per stack (\`--plugin-per-stack\`; time ratio ${round(s.seconds / Math.max(0.1, base.seconds), 2)}); found ${s.operation === "preview" ? `${s.found.length} stacks with changes` : findings(s)}.`,
    ];
  });
}

/** The markdown of one fleet benchmark run. */
export function renderFleet(r: FleetResult): string {
  const [, drift, preview, small] = r.runs as [FleetFigures, FleetFigures, FleetFigures, FleetFigures];
  const [empty, one] = r.runs.slice(4);
  const shared = r.sharedPlugin ?? [];
  const rows = r.runs.flatMap((f) => [f, ...shared.filter((s) => s.label === sharedLabel(f.label))]);
  return [
    `### Fleet: many organizations (${FLEET_PROGRAMS[r.program].name})`,
    "",
    `${r.organizations} organizations, one stack each: a configuration, 10 bridges holding ${int(r.numbersPerOrganization)} numbers as BridgeNumbers sets, 2 trunks (${r.resourcesPerStack} resources a stack, ${int(r.organizations * r.numbersPerOrganization)} numbers in all). Emulator rate limit raised to ${int(r.emulatorRatePerMinute)}/min; the floor is the requests at the platform's ${r.platformRatePerMinute}/min. Target: each check ≤ ${TARGET_S / 60} min on 2 cores. Memory: ${r.memoryMethod}.${shared.length ? " Every run had a plugin per stack (`fleet … --plugin-per-stack`) but those ending “shared plugin”, which ran the fleet's default (one plugin per lane) on the same estate in the same run, each right after the plugin-per-stack run it repeats." : ""}`,
    "",
    `| Run | Stacks | --parallel | Time | Peak memory, whole run | Requests | Floor at ${r.platformRatePerMinute}/min | Exit | Failed |`,
    "|---|---|---|---|---|---|---|---|---|",
    ...rows.map(row),
    "",
    `Changed by hand: ${r.changedByHand}. The drift check found ${findings(drift)}; the no-op preview found ${preview.found.length} stacks with changes.`,
    ...sharedSentences(r.runs, shared),
    `Memory against the fleet's size at --parallel ${drift.parallel}: ${drift.stacks} stacks ${int(drift.peakMb)} MB, ${small.stacks} stacks ${int(small.peakMb)} MB (ratio ${round(drift.peakMb / Math.max(1, small.peakMb), 2)}).`,
    ...(empty && one
      ? [
          `Engine floor, the same ${empty.stacks} stacks through the fleet: a program declaring nothing ${empty.seconds} s, one configuration ${one.seconds} s; the estate's no-op preview is ${round(preview.seconds / empty.seconds, 2)} × the first and ${round(preview.seconds / one.seconds, 2)} × the second.`,
        ]
      : []),
    "",
  ].join("\n");
}
