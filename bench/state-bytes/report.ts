// The markdown of `--state-bytes`: bytes per resource of each type and part of its entry, on both
// providers; then, when run at a size, the create's wall time, CPU seconds per process and
// checkpoint size for each engine setting, as ranges over the repetitions.
import type { LoadSamples } from "../harness/load-sampler";
import type { Machine } from "../harness/machine";
import type { Role } from "../harness/rss";
import { int } from "../harness/stats";
import { PARTS, type StateBytes } from "./breakdown";
import { type CreateRun, VARIANTS } from "./checkpoints";

export interface StateBytesResults {
  command: string;
  startedAt: string;
  durationS: number;
  machine: Machine;
  load: LoadSamples;
  parallel: number;
  numbers: number | undefined;
  types: Partial<Record<"native" | "voice", StateBytes>>;
  /** Per repetition, each variant's create by its key. */
  creates: Record<string, CreateRun & { load: [number, number] }>[];
}

const PROVIDER_LABEL = { native: "native plugin", voice: "dynamic resources" } as const;
const ROLE_LABEL: Record<Role, string> = {
  engine: "engine",
  provider: "plugin/provider host",
  program: "program",
};

export function table(head: string[], rows: string[][]): string[] {
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((cells) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`),
  ];
}

export function range(values: readonly number[], fmt: (v: number) => string): string {
  if (values.length === 0) return "—";
  const lo = fmt(Math.min(...values));
  const hi = fmt(Math.max(...values));
  return lo === hi ? lo : `${lo.replace(/ [a-zA-Z]+$/, "")}–${hi}`;
}

function typesSection(r: StateBytesResults): string[] {
  return Object.entries(r.types).flatMap(([provider, s]) => [
    `### ${PROVIDER_LABEL[provider as keyof typeof PROVIDER_LABEL]}: checkpoint ${int(s.checkpointBytes)} bytes, ${s.resources} resources`,
    "",
    ...table(
      ["type", "resources", "bytes each", ...PARTS],
      Object.entries(s.byType).map(([type, t]) => [
        type,
        String(t.count),
        int(t.bytes),
        ...PARTS.map((p) => int(t.parts[p])),
      ]),
    ),
    "",
  ]);
}

function createsSection(r: StateBytesResults): string[] {
  if (r.numbers === undefined || r.creates.length === 0) return [];
  const of = (key: string) => r.creates.map((rep) => rep[key]).filter((x) => x !== undefined);
  const s = (v: number) => `${v.toFixed(1)} s`;
  return [
    `### Creating ${int(r.numbers)} numbers per link: the engine's checkpoint settings (${r.creates.length} repetitions, ranges)`,
    "",
    ...table(
      [
        "engine setting",
        "wall",
        ...(["engine", "provider", "program"] as const).map((x) => `CPU ${ROLE_LABEL[x]}`),
        "checkpoint",
      ],
      VARIANTS.filter((v) => of(v.key).length > 0).map((v) => {
        const runs = of(v.key);
        return [
          v.label,
          range(
            runs.map((x) => x.ms / 1000),
            s,
          ),
          ...(["engine", "provider", "program"] as const).map((role) =>
            range(
              runs.map((x) => x.cpuS[role]),
              s,
            ),
          ),
          range(
            runs.map((x) => x.checkpointBytes / 1e6),
            (b) => `${b.toFixed(2)} MB`,
          ),
        ];
      }),
    ),
    "",
    ...loadList(r.creates),
    "",
  ];
}

/** The report's first line: the command, when it started and how long it took. */
export const commandLine = (r: Pick<StateBytesResults, "command" | "startedAt" | "durationS">): string =>
  `Command: \`${r.command}\` · ${r.startedAt} · took ${Math.floor(r.durationS / 60)} min ${r.durationS % 60} s`;

/** Each repetition's creates in the order they ran, with the 1-minute load average before → after each. */
export function loadList(reps: readonly Record<string, { load: [number, number] }>[]): string[] {
  return [
    "Load average (1 min) before → after each create, in the order they ran:",
    "",
    ...reps.map(
      (rep, i) =>
        `- repetition ${i + 1}: ${Object.entries(rep)
          .map(([k, x]) => `${k} ${x.load[0]}→${x.load[1]}`)
          .join("; ")}`,
    ),
  ];
}

export function renderStateBytes(r: StateBytesResults): string {
  const m = r.machine;
  return [
    commandLine(r),
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}; load average (1 min) ${m.loadAverageAtStart} at start, ${r.load.min}–${r.load.max} during the run (mean ${r.load.mean}). Node ${m.node}. Pulumi \`--parallel ${r.parallel}\`, file backend; one emulator per stack, seeded alike.`,
    "",
    "Bytes of one resource's entry in the checkpoint (compact JSON, as the file backend writes it after every step; `pulumi stack export`, secrets encrypted), the mean over the resources of a type, by part: `inputs` and `outputs` without the dynamic provider's `__provider` text, which is `provider text` (both copies); `source` is the engine's record of where the program declared the resource (`sourcePosition`, `stackTrace`); `dependencies` its `dependencies` and `propertyDependencies`; `rest` the URN, type, id, parent, provider reference, timestamps and the rest. The estate: 2 configurations, 2 bridges, 2 trunks, 20 numbers as `BridgeNumber` links on one bridge and 20 in one `BridgeNumbers` set on the other.",
    "",
    ...typesSection(r),
    ...createsSection(r),
  ].join("\n");
}
