// The markdown of `--state-bytes --postgres`: each side's create as ranges over the repetitions (wall,
// CPU of the engine's processes and of the PostgreSQL server, bytes written to storage, WAL, the
// state table's row writes), then the same per checkpoint, the count of checkpoints being what the
// PostgreSQL side of the same estate wrote (the engine writes the same ones on either backend).
import type { LoadSamples } from "../harness/load-sampler";
import type { Machine } from "../harness/machine";
import { int } from "../harness/stats";
import { BACKEND_SIDES, type BackendRun, type BackendSide } from "./backends";
import { commandLine, loadList, range, table } from "./report";

export interface BackendResults {
  command: string;
  startedAt: string;
  durationS: number;
  machine: Machine;
  load: LoadSamples;
  parallel: number;
  numbers: number;
  /** The server's version and durability settings as it reported them. */
  postgres: { version: string; settings: Record<string, string> } | undefined;
  /** Per repetition, each side's create by its key. */
  runs: Record<string, BackendRun & { load: [number, number] }>[];
}

const s = (v: number) => `${v.toFixed(1)} s`;
const mb = (v: number) => `${(v / 1e6).toFixed(0)} MB`;
const ms = (v: number) => `${(v * 1000).toFixed(1)} ms`;
const kb = (v: number) => `${(v / 1e3).toFixed(0)} KB`;

/** Checkpoints the engine wrote in a repetition's create of `side`'s estate: each is two row writes on PostgreSQL. */
function checkpoints(rep: BackendResults["runs"][number], side: BackendSide): number | undefined {
  const pg = BACKEND_SIDES.find((x) => x.backend === "postgres" && x.sets === side.sets);
  const rows = pg ? rep[pg.key]?.rowWrites : undefined;
  return rows ? rows / 2 : undefined;
}

function createsTable(r: BackendResults): string[] {
  const sides = BACKEND_SIDES.filter((side) => r.runs.some((rep) => rep[side.key]));
  const of = (side: BackendSide) => r.runs.flatMap((rep) => rep[side.key] ?? []);
  const col = (side: BackendSide, value: (x: BackendRun) => number, fmt: (v: number) => string) =>
    range(of(side).map(value), fmt);
  return table(
    [
      "side",
      "wall",
      "CPU engine",
      "CPU plugin",
      "CPU program",
      "CPU PostgreSQL server",
      "engine's processes wrote",
      "server wrote",
      "WAL",
      "state-table row writes",
      "checkpoint",
    ],
    sides.map((side) => [
      side.label,
      col(side, (x) => x.ms / 1000, s),
      col(side, (x) => x.cpuS.engine, s),
      col(side, (x) => x.cpuS.provider, s),
      col(side, (x) => x.cpuS.program, s),
      col(side, (x) => x.server.cpuS, s),
      col(side, (x) => x.engineTree.writeBytes, mb),
      col(side, (x) => x.server.writeBytes, mb),
      col(side, (x) => x.walBytes, mb),
      col(side, (x) => x.rowWrites, int),
      col(
        side,
        (x) => x.checkpointBytes / 1e6,
        (v) => `${v.toFixed(2)} MB`,
      ),
    ]),
  );
}

function perCheckpointTable(r: BackendResults): string[] {
  const sides = BACKEND_SIDES.filter((side) => r.runs.some((rep) => rep[side.key]));
  /** `value` of each repetition's create over its checkpoints; with `beyondFile`, less the file side's of that repetition. */
  const per = (side: BackendSide, value: (x: BackendRun) => number, beyondFile = false) =>
    r.runs.flatMap((rep) => {
      const run = rep[side.key];
      const n = checkpoints(rep, side);
      const file = BACKEND_SIDES.find((x) => x.backend === "file" && x.sets === side.sets);
      const base = beyondFile ? file && rep[file.key] : undefined;
      if (!run || !n || (beyondFile && (!base || side.backend === "file"))) return [];
      return [(value(run) - (base ? value(base) : 0)) / n];
    });
  const engineAndServer = (x: BackendRun) => x.cpuS.engine + x.server.cpuS;
  return table(
    [
      "side",
      "checkpoints",
      "wall",
      "CPU engine",
      "CPU server",
      "written (engine's processes + server)",
      "wall beyond the file side's",
      "CPU engine + server beyond the file side's",
    ],
    sides.map((side) => [
      side.label,
      range(
        r.runs.flatMap((rep) => checkpoints(rep, side) ?? []),
        int,
      ),
      range(
        per(side, (x) => x.ms / 1000),
        ms,
      ),
      range(
        per(side, (x) => x.cpuS.engine),
        ms,
      ),
      range(
        per(side, (x) => x.server.cpuS),
        ms,
      ),
      range(
        per(side, (x) => x.engineTree.writeBytes + x.server.writeBytes),
        kb,
      ),
      range(
        per(side, (x) => x.ms / 1000, true),
        ms,
      ),
      range(per(side, engineAndServer, true), ms),
    ]),
  );
}

export function renderBackends(r: BackendResults): string {
  const m = r.machine;
  const pg = r.postgres;
  const settings = pg
    ? Object.entries(pg.settings)
        .map(([k, v]) => `\`${k}=${v}\``)
        .join(", ")
    : "—";
  return [
    commandLine(r),
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}; load average (1 min) ${m.loadAverageAtStart} at start, ${r.load.min}–${r.load.max} during the run (mean ${r.load.mean}). Node ${m.node}. Pulumi \`--parallel ${r.parallel}\`, native plugin, checkpoints on; one emulator per create, seeded alike.`,
    "",
    `PostgreSQL: ${pg?.version ?? "—"}, a throwaway server on this machine's disk beside the file backend's folder, its default durability (${settings}); the \`synchronous_commit=off\` side logs in as a role with that setting, so its commits return before the WAL reaches the disk. The file backend never calls fsync (it writes a temporary file and renames it).`,
    "",
    `### Creating ${int(r.numbers)} numbers as links and as sets, file backend against PostgreSQL (${r.runs.length} repetitions, ranges)`,
    "",
    "CPU of the engine, plugin and program: utime + stime of each process as last seen (bench/harness/rss.ts). CPU and bytes of the server: its processes, with the workers they reaped, before and after the `up` (bench/harness/process-usage.ts); on the file backend, what the idle server did meanwhile. Bytes written: `write_bytes` of /proc/<pid>/io, counted when a page is first dirtied, including files deleted before they reached the disk. WAL: `pg_wal_lsn_diff` over the `up`. Row writes: the state table's inserts and updates (`pg_stat_user_tables`).",
    "",
    ...createsTable(r),
    "",
    "### Per checkpoint",
    "",
    "Each figure over the checkpoints the engine wrote in that create (the PostgreSQL side's row writes of the same estate, halved: each checkpoint is the backup copy and then the state). \"Beyond the file side's\": the create's figure less the file backend's create of the same estate in the same repetition, over the checkpoints.",
    "",
    ...perCheckpointTable(r),
    "",
    ...loadList(r.runs),
    "",
  ].join("\n");
}
