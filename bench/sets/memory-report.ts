// The memory and preview sections of the set-form report: where the provider process's and the
// program's memory goes at the largest estate, against the floor of a one-bridge program, and
// whether skipping checkpoints slows a no-op preview.
import { MEMORY_METHOD, type MemoryBreakdown } from "../harness/memory-breakdown";
import { shapeLabel } from "./estate";
import { mb, OPS, opOf, SIDE_LABEL, sec, table } from "./format";
import type { SetsBenchResults } from "./results";
import type { SetSide } from "./scale";

const f = (v: number) => v.toFixed(0);

function breakdownRow(what: string, b: MemoryBreakdown | undefined): string[] {
  if (!b) return [what, "n/a", "", "", "", "", "", "", ""];
  return [
    what,
    f(b.rssMb),
    `${f(b.heapTotalMb)} (code ${f(b.codeSpaceMb)})`,
    f(b.heapUsedMb),
    f(b.maxHeapUsedMb),
    f(b.externalMb),
    f(b.arrayBuffersMb),
    f(b.v8MallocedMb),
    f(b.restMb),
  ];
}

const HEAD = [
  "process",
  "RSS at peak",
  "V8 heap committed",
  "heap used then",
  "heap used, most",
  "external",
  "of which ArrayBuffers",
  "V8 malloc",
  "rest (Node.js, V8, libuv, allocator)",
];

/** The memory sections. */
export function memorySections(r: SetsBenchResults): string[] {
  const largest = Math.max(...r.sets.points.filter((p) => p.form === "sets").map((p) => p.shape.size));
  const rows: string[][] = [];
  for (const fl of r.floors) {
    for (const role of ["provider", "program"] as const) {
      rows.push(breakdownRow(`floor: one bridge, ${SIDE_LABEL[fl.side]}, ${role}`, fl.memory[role]));
    }
  }
  for (const p of r.sets.points.filter((x) => x.form === "sets" && x.shape.size === largest)) {
    for (const side of ["native", "voice", "yaml"] as const satisfies readonly SetSide[]) {
      const run = p.sides[side];
      if (!run) continue;
      for (const role of ["provider", "program"] as const) {
        const peak = OPS.map((op) => ({ op, b: opOf(run, op).memory?.[role] }))
          .filter((x) => x.b !== undefined)
          .sort((a, b) => b.b!.rssMb - a.b!.rssMb)[0];
        rows.push(
          breakdownRow(
            `${shapeLabel(p.shape)}, ${p.mode === "checkpoints" ? "checkpoints" : "skipped"}, ${SIDE_LABEL[side]}, ${role}${peak ? ` (in ${peak.op})` : ""}`,
            peak?.b,
          ),
        );
      }
    }
  }
  const floorRss = r.floors.map(
    (fl) =>
      `${SIDE_LABEL[fl.side]}: provider ${mb(fl.providerMb)}, program ${mb(fl.programMb)}, engine ${mb(fl.engineMb)}`,
  );
  const alternations = r.sets.points.flatMap((p) =>
    (["native", "voice", "yaml"] as const).flatMap((side) => {
      const a = p.sides[side]?.previewAlternation;
      if (!a) return [];
      return [
        [
          `${shapeLabel(p.shape)} ${p.form === "links" ? "per link" : "sets"}, ${SIDE_LABEL[side]}`,
          a.runs.map((x) => `${x.skipCheckpoints ? "skip" : "ckpt"} ${sec(x.ms)}`).join(" → "),
          `${sec(a.medianMs.checkpoints)} · ${sec(a.medianMs.skipCheckpoints)}`,
          `${a.medianEngineCpuS.checkpoints.toFixed(1)} s · ${a.medianEngineCpuS.skipCheckpoints.toFixed(1)} s`,
        ],
      ];
    }),
  );
  return [
    `Memory item by item, MB (1 MB = 1,048,576 B), of the Node.js processes at their largest resident memory (${MEMORY_METHOD}). The YAML program's language host is a Go binary (no probe; its peak RSS is in the table above). Peak RSS of a one-bridge program from /proc: ${floorRss.join("; ")}.`,
    "",
    ...table(HEAD, rows),
    "",
    "A no-op `preview` with and without `PULUMI_SKIP_CHECKPOINTS=true`, alternating which goes first, on the same state (ckpt = the engine's default):",
    "",
    ...table(
      ["estate, side", "previews in order", "median wall time ckpt · skip", "median engine CPU ckpt · skip"],
      alternations,
    ),
  ];
}
