// The markdown of the provider comparison (printed, and pasted into bench/README.md):
// times, state and memory of the three sides, each against the no-op baseline of the same run, the
// native provider against the dynamic one with its targets, and what skipping checkpoints changes.

import type { Mode } from "../harness/checkpoint-mode";
import { describeMix } from "../harness/describe-mix";
import type { OpMeasure } from "../harness/stack";
import { int } from "../harness/stats";
import { SIDE_STYLE } from "./chart";
import type { ProviderScalePoint, Side, SideRun } from "./providers";
import type { ScaleBenchResults } from "./results";

const OPS = ["up", "refresh", "destroy"] as const;

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ratio = (a: number, b: number) => (a / b).toFixed(2);
const mb = (v: number | null | undefined) => (v == null ? "n/a" : `${Math.round(v)} MB`);
const verdict = (ok: boolean) => (ok ? "**met**" : "**missed**");
const NA = "not run";

const peakOf = (run: SideRun, key: "providerMb" | "programMb" | "engineMb"): number | null => {
  const known = OPS.map((op) => run[op].rss?.[key]).filter((v): v is number => typeof v === "number");
  return known.length ? Math.max(...known) : null;
};

/** Bytes per resource the baseline stores besides its `__provider` text: the state target of the native side. */
const noopWithoutProvider = (noop: SideRun): number =>
  noop.state.bytesPerDeclared - noop.state.providerLineBytesPerDeclared;

function table(head: string[], rows: string[][]): string[] {
  if (rows.length === 0) return ["(not run)"];
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((cells) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`),
  ];
}

function points(r: ScaleBenchResults, mode: Mode): ProviderScalePoint[] {
  return r.scale.points.filter((p) => p.mode === mode).sort((a, b) => a.n - b.n);
}

/** Tallies of the native ≤ dynamic comparisons, for the summary line. */
interface Tally {
  met: string[];
  missed: string[];
}

function timeRows(ps: ProviderScalePoint[], tally: Tally): string[][] {
  const rows: string[][] = [];
  for (const p of ps)
    for (const op of OPS) {
      const [noop, voice, native] = (["noop", "voice", "native"] as const).map((s) => p.sides[s]?.[op]);
      const cell = (m: OpMeasure | undefined) => (m ? sec(m.ms) : NA);
      const vs = (m: OpMeasure | undefined) => (m && noop ? ratio(m.ms, noop.ms) : "—");
      let target = "—";
      if (voice && native) {
        const ok = native.ms <= voice.ms;
        (ok ? tally.met : tally.missed).push(`${op} N = ${int(p.n)}`);
        target = `${ratio(native.ms, voice.ms)} ${verdict(ok)}`;
      }
      rows.push([
        int(p.n),
        `\`${op}\``,
        cell(noop),
        cell(voice),
        cell(native),
        vs(voice),
        vs(native),
        target,
      ]);
    }
  return rows;
}

function stateRows(ps: ProviderScalePoint[], tally: Tally): string[][] {
  return ps.map((p) => {
    const { noop, voice, native } = p.sides;
    const bound = noop ? noopWithoutProvider(noop) : undefined;
    const bytes = (s: SideRun | undefined) => (s ? `${int(s.state.bytesPerDeclared)} B` : NA);
    let vsDynamic = "—";
    if (voice && native) {
      const ok = native.state.bytesPerDeclared <= voice.state.bytesPerDeclared;
      (ok ? tally.met : tally.missed).push(`state N = ${int(p.n)}`);
      vsDynamic = `${ratio(native.state.bytesPerDeclared, voice.state.bytesPerDeclared)} ${verdict(ok)}`;
    }
    const vsBound =
      native && bound !== undefined
        ? `${int(native.state.bytesPerDeclared)} ≤ ${int(bound)}: ${verdict(native.state.bytesPerDeclared <= bound)}`
        : "—";
    return [
      int(p.n),
      noop
        ? `${bytes(noop)} (of which \`__provider\` ${int(noop.state.providerLineBytesPerDeclared)} B)`
        : NA,
      voice
        ? `${bytes(voice)} (of which \`__provider\` ${int(voice.state.providerLineBytesPerDeclared)} B)`
        : NA,
      bytes(native),
      noop && native ? ratio(native.state.bytesPerDeclared, noop.state.bytesPerDeclared) : "—",
      vsDynamic,
      vsBound,
    ];
  });
}

function memoryRows(ps: ProviderScalePoint[], tally: Tally): string[][] {
  return ps.map((p) => {
    const { noop, voice, native } = p.sides;
    const prov = (s: SideRun | undefined) => (s ? peakOf(s, "providerMb") : null);
    let target = "—";
    const [v, n] = [prov(voice), prov(native)];
    if (v !== null && n !== null) {
      const ok = n <= v;
      (ok ? tally.met : tally.missed).push(`provider memory N = ${int(p.n)}`);
      target = `${ratio(n, v)} ${verdict(ok)}`;
    }
    const others = (s: SideRun | undefined) =>
      s ? `${mb(peakOf(s, "programMb"))} · ${mb(peakOf(s, "engineMb"))}` : NA;
    return [
      int(p.n),
      mb(prov(noop)),
      mb(v),
      mb(n),
      prov(noop) !== null && n !== null ? ratio(n, prov(noop)!) : "—",
      target,
      `${others(noop)} / ${others(voice)} / ${others(native)}`,
    ];
  });
}

const cpuOf = (m: OpMeasure | undefined, roles: ("program" | "provider" | "engine")[]) =>
  m?.rss?.cpuS === undefined ? undefined : roles.reduce((sum, role) => sum + m.rss!.cpuS[role], 0);

/** CPU seconds per operation: the provider process alone, and engine + program + provider. */
function cpuRows(ps: ProviderScalePoint[], tally: Tally): string[][] {
  const rows: string[][] = [];
  const cell = (v: number | undefined) => (v === undefined ? "n/a" : `${v.toFixed(1)} s`);
  for (const p of ps)
    for (const op of OPS) {
      const runs = (["noop", "voice", "native"] as const).map((s) => p.sides[s]?.[op]);
      const prov = runs.map((m) => cpuOf(m, ["provider"]));
      const all = runs.map((m) => cpuOf(m, ["provider", "program", "engine"]));
      let target = "—";
      if (prov[1] !== undefined && prov[2] !== undefined) {
        const ok = prov[2] <= prov[1];
        (ok ? tally.met : tally.missed).push(`${op} CPU N = ${int(p.n)}`);
        target = `${ratio(prov[2], prov[1])} ${verdict(ok)}`;
      }
      rows.push([int(p.n), `\`${op}\``, ...prov.map(cell), target, all.map(cell).join(" · ")]);
    }
  return rows;
}

/** Checkpoints on against skipped, per N, side and operation, where both ran. */
function checkpointRows(r: ScaleBenchResults): string[][] {
  const rows: string[][] = [];
  for (const skipped of points(r, "skipCheckpoints")) {
    const withCk = points(r, "checkpoints").find((p) => p.n === skipped.n);
    for (const side of Object.keys(SIDE_STYLE) as Side[]) {
      const a = withCk?.sides[side];
      const b = skipped.sides[side];
      if (!b) continue;
      rows.push([
        int(skipped.n),
        SIDE_STYLE[side].label,
        ...OPS.map((op) => {
          const engine = (m: OpMeasure | undefined) => cpuOf(m, ["engine"])?.toFixed(1) ?? "n/a";
          const wall = a
            ? `${sec(a[op].ms)} → ${sec(b[op].ms)} (${ratio(b[op].ms, a[op].ms)})`
            : `${NA} → ${sec(b[op].ms)}`;
          return `${wall}; engine CPU ${engine(a?.[op])} → ${engine(b[op])} s`;
        }),
      ]);
    }
  }
  return rows;
}

/** Time at the largest N over time at the N before it, per mode, side and operation. */
function growthRows(r: ScaleBenchResults): string[][] {
  const rows: string[][] = [];
  for (const mode of ["checkpoints", "skipCheckpoints"] as const) {
    const ps = points(r, mode);
    const [lo, hi] = [ps.at(-2), ps.at(-1)];
    if (!lo || !hi) continue;
    for (const side of Object.keys(SIDE_STYLE) as Side[]) {
      const [a, b] = [lo.sides[side], hi.sides[side]];
      if (!a || !b) continue;
      rows.push([
        mode === "checkpoints" ? "defaults" : "`PULUMI_SKIP_CHECKPOINTS=true`",
        SIDE_STYLE[side].label,
        `${int(lo.n)} → ${int(hi.n)} (× ${ratio(hi.n, lo.n)})`,
        ...OPS.map((op) => `× ${ratio(b[op].ms, a[op].ms)}`),
        `× ${ratio(b.state.exportBytes, a.state.exportBytes)}`,
      ]);
    }
  }
  return rows;
}

/** One markdown document: run, machine and load, then the four tables. */
export function renderScaleReport(r: ScaleBenchResults): string {
  const m = r.machine;
  const ck = points(r, "checkpoints");
  const tally: Tally = { met: [], missed: [] };
  const times = timeRows(ck, tally);
  const state = stateRows(ck, tally);
  const memory = memoryRows(ck, tally);
  const cpuTally: Tally = { met: [], missed: [] };
  const cpu = cpuRows(ck, cpuTally);
  const sides = "no-op · dynamic · native";
  return [
    `Command: \`${r.command}\` · ${r.startedAt} · took ${Math.floor(r.durationS / 60)} min ${Math.round(r.durationS % 60)} s` +
      (r.complete ? "" : " · **stopped before its last step**: the figures are those it finished"),
    "",
    ...(r.note ? [r.note, ""] : []),
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}; load average (1 min) ${m.loadAverageAtStart} at start, ` +
      `${r.load.min}–${r.load.max} during the run (mean ${r.load.mean}, ${r.load.samples} samples)` +
      (r.load.mean > m.cores ? ": the cores were shared with other work. " : ". ") +
      `Node ${m.node}; ${Object.entries(m.versions)
        .map(([k, v]) => `${k} ${v}`)
        .join(
          ", ",
        )}. Engine parallelism ${r.scale.parallel} (\`--parallel\`, the engine's default), file backend in a temp directory; ` +
      `emulator in-process over loopback HTTP with its rate limit raised to ${int(r.scale.rateLimit)} requests/min (default 100,000), so no request waits for a window.`,
    "",
    `Estate (the same program on each side): ${ck.map((p) => `N = ${int(p.n)}: ${describeMix(p.mix)}`).join("; ")}. ` +
      "One run of each operation per side and N; the sides run one after another, in an order rotated from one N to the next. " +
      "1 KB = 1,024 B.",
    "",
    `Wall time (${sides}), ratios to the no-op baseline of the same run, and native ÷ dynamic (target ≤ 1):`,
    "",
    ...table(
      ["N", "op", "no-op", "dynamic", "native", "dynamic ÷ no-op", "native ÷ no-op", "native ÷ dynamic ≤ 1"],
      times,
    ),
    "",
    "`pulumi stack export` bytes per declared resource (target for native: ≤ dynamic, and ≤ the no-op baseline minus its `__provider` lines):",
    "",
    ...table(
      [
        "N",
        "no-op",
        "dynamic",
        "native",
        "native ÷ no-op",
        "native ÷ dynamic ≤ 1",
        "native ≤ no-op − `__provider`",
      ],
      state,
    ),
    "",
    "Peak RSS of the provider process over up, refresh and destroy (no-op and dynamic: the dynamic-provider host; native: the plugin), and of the program (language host) and the engine:",
    "",
    ...table(
      [
        "N",
        "no-op provider",
        "dynamic provider",
        "native plugin",
        "native ÷ no-op",
        "native ÷ dynamic ≤ 1",
        `program · engine (${sides.replace(/ · /g, " / ")})`,
      ],
      memory,
    ),
    "",
    `CPU seconds each operation used (user + system, from /proc: ${sides}), less sensitive than wall time to other work on the machine:`,
    "",
    ...table(
      [
        "N",
        "op",
        "no-op provider",
        "dynamic provider",
        "native plugin",
        "native ÷ dynamic ≤ 1",
        `engine + program + provider (${sides})`,
      ],
      cpu,
    ),
    "",
    `Native ≤ dynamic: met on ${tally.met.length} of ${tally.met.length + tally.missed.length} figures of wall time, state and memory` +
      (tally.missed.length ? ` (missed: ${tally.missed.join(", ")})` : "") +
      `; on ${cpuTally.met.length} of ${cpuTally.met.length + cpuTally.missed.length} provider CPU figures` +
      (cpuTally.missed.length ? ` (missed: ${cpuTally.missed.join(", ")}).` : "."),
    "",
    "What skipping the file backend's checkpoints changes (`PULUMI_SKIP_CHECKPOINTS=true`; defaults → skipped: wall time and its ratio, and the engine's CPU seconds):",
    "",
    ...table(["N", "side", "up", "refresh", "destroy"], checkpointRows(r)),
    "",
    "Growth between the two largest N (time at the larger over time at the smaller; × 3.00 would be linear in N):",
    "",
    ...table(["engine", "side", "N", "up", "refresh", "destroy", "state export bytes"], growthRows(r)),
  ].join("\n");
}
