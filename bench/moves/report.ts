// The markdown of a move-gap run: per N and form, the gap's median and maximum over both moves,
// beside the emulator's own round trip and the move `up`'s wall time.

import type { Machine } from "../harness/machine";
import { int, quantile, round } from "../harness/stats";
import type { MoveGapPoint } from "./gap";

export interface MoveGapResults {
  command: string;
  startedAt: string;
  durationS: number;
  /** False while the run is still going (or was stopped): the points so far. */
  complete: boolean;
  machine: Machine;
  parallel: number;
  k: number;
  points: MoveGapPoint[];
}

/** Summary figures of one point. */
export function summarize(p: MoveGapPoint) {
  const gaps = p.moves.flatMap((m) => m.gaps.map((g) => g.ms));
  const p50 = quantile(gaps, 0.5);
  return {
    samples: gaps.length,
    p50Ms: round(p50, 2),
    maxMs: round(Math.max(...gaps), 2),
    /** Median gap over the emulator's connect round trip. */
    ratio: round(p50 / p.roundTrip.connectP50Ms, 1),
    movedByConnect: p.moves.flatMap((m) => m.gaps).filter((g) => g.movedBy === "connect").length,
  };
}

/** `count: max` of the gaps one side made: the taking connect (it met the number linked) or a disconnect first. */
function byMover(p: MoveGapPoint, by: "connect" | "disconnect"): string {
  const gaps = p.moves
    .flatMap((m) => m.gaps)
    .filter((g) => g.movedBy === by)
    .map((g) => g.ms);
  return gaps.length === 0 ? "0" : `${gaps.length}: max ${ms(Math.max(...gaps))}`;
}

const ms = (v: number) => (v >= 1_000 ? `${round(v / 1_000, 1)} s` : `${round(v, 2)} ms`);
const formName = { links: "per-link (`BridgeNumber`)", sets: "sets (`BridgeNumbers`)" } as const;

export function renderMoveGap(r: MoveGapResults): string {
  const m = r.machine;
  const order = [...r.points].sort((a, b) => a.n - b.n || a.form.localeCompare(b.form));
  const rows = order.map((p) => {
    const s = summarize(p);
    const [there, back] = p.moves;
    const ups = [there, back].map((x) => (x ? ms(x.up.ms) : "—")).join(" · ");
    const previews = [there, back].map((x) => (x ? ms(x.preview.ms) : "—")).join(" · ");
    const peak = (key: "programMb" | "providerMb") => {
      const known = [p.create, ...p.moves.map((x) => x.up)]
        .map((op) => op.rss?.[key])
        .filter((v): v is number => typeof v === "number");
      return known.length ? `${Math.round(Math.max(...known))} MB` : "—";
    };
    return [
      int(p.n),
      formName[p.form],
      `${int(p.bridges)} · ${p.moved}`,
      `**${ms(s.p50Ms)}** · ${ms(s.maxMs)} (${s.samples})`,
      `${ms(p.roundTrip.connectP50Ms)} · ${ms(p.roundTrip.disconnectP50Ms)}`,
      `${s.ratio}`,
      `${byMover(p, "connect")} · ${byMover(p, "disconnect")}`,
      ups,
      previews,
      ms(p.create.ms),
      `${peak("programMb")} · ${peak("providerMb")}`,
    ];
  });
  return [
    `Command: \`${r.command}\` · ${r.startedAt} · took ${Math.floor(r.durationS / 60)} min ${r.durationS % 60} s${r.complete ? "" : " · **incomplete**"}`,
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}; load average ${m.loadAverageAtStart} at start. Node ${m.node}; pulumi CLI ${m.versions["pulumi CLI"]}, @pulumi/pulumi ${m.versions["@pulumi/pulumi"]}. Engine parallelism ${r.parallel}, file backend, checkpoints on (the engine's defaults) for every move; native provider plugin; emulator in a process of its own over loopback HTTP.`,
    "",
    `Each estate: N numbers, a bridge per 100 (at least 2), the 2 configurations. Each \`up\` moves ${r.k} numbers spread over the estate, each to the next bridge; a second \`up\` moves them back. Gap: arrival of the number's disconnect at the emulator → arrival of its connect, over both moves.`,
    "",
    "| N | form | bridges · moved | gap p50 · max (samples) | emulator round trip p50: connect · disconnect | gap p50 ÷ connect | count: max gap, when the taking connect disconnected it · when a disconnect of its own came first (per-link: the update's; sets: the giving set's) | move `up` (there · back) | `preview` after (no changes) | create (checkpoints skipped) | peak RSS over create and moves: program · plugin |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((cells) => `| ${cells.join(" | ")} |`),
  ].join("\n");
}
