// The chart of the provider comparison (docs/bench-scale.svg): wall time of `up`, `refresh` and
// `destroy` against N for the three sides, one panel per operation, both axes logarithmic (equal
// slopes mean equal growth: a slope of 1 is linear in N). Solid lines: the engine's defaults;
// dashed: the file backend's checkpoints skipped. Plain SVG text, no dependencies.
import type { Mode } from "../harness/checkpoint-mode";
import type { ProviderScaleResult, Side } from "./providers";

const OPS = ["up", "refresh", "destroy"] as const;

/** How each side is drawn and named. */
export const SIDE_STYLE: Record<Side, { label: string; color: string }> = {
  noop: { label: "no-op dynamic (baseline)", color: "#7f7f7f" },
  voice: { label: "dynamic (this package)", color: "#1f77b4" },
  native: { label: "native plugin", color: "#d62728" },
};

const W = 300;
const H = 240;
const M = { left: 52, right: 12, top: 28, bottom: 40 };
const LEGEND = 56;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const fmt = (v: number) => (Number.isInteger(v) ? v.toLocaleString("en-US") : String(v));

/** Powers of ten and their 2× and 5× steps inside [lo, hi]. */
function ticks(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++)
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (v >= lo && v <= hi) out.push(v);
    }
  return out;
}

/** The SVG document: one panel per operation, a shared legend below. */
export function renderScaleChart(r: ProviderScaleResult): string {
  const series: { op: (typeof OPS)[number]; side: Side; mode: Mode; points: [number, number][] }[] = [];
  for (const op of OPS)
    for (const side of Object.keys(SIDE_STYLE) as Side[])
      for (const mode of ["checkpoints", "skipCheckpoints"] as const) {
        const points = r.points
          .filter((p) => p.mode === mode && p.sides[side])
          .map((p): [number, number] => [p.n, p.sides[side]![op].ms / 1000])
          .sort((a, b) => a[0] - b[0]);
        if (points.length) series.push({ op, side, mode, points });
      }
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>\n`;
  const ns = all.map(([n]) => n);
  const secs = all.map(([, s]) => s);
  const [xLo, xHi] = [Math.min(...ns) / 1.15, Math.max(...ns) * 1.15];
  const [yLo, yHi] = [
    10 ** Math.floor(Math.log10(Math.min(...secs))),
    10 ** Math.ceil(Math.log10(Math.max(...secs))),
  ];
  const x = (n: number) => M.left + (Math.log(n / xLo) / Math.log(xHi / xLo)) * (W - M.left - M.right);
  const y = (s: number) => H - M.bottom - (Math.log(s / yLo) / Math.log(yHi / yLo)) * (H - M.top - M.bottom);
  const out: string[] = [];
  const width = W * OPS.length;
  const height = H + LEGEND;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    "<title>Wall time of pulumi up, refresh and destroy against N: no-op dynamic baseline, dynamic resources, native plugin</title>",
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
  );
  const xTicks = [...new Set(r.points.map((p) => p.n))].sort((a, b) => a - b);
  for (const [i, op] of OPS.entries()) {
    out.push(`<g transform="translate(${i * W},0)">`);
    out.push(
      `<text x="${(M.left + W - M.right) / 2}" y="16" text-anchor="middle" font-weight="bold">pulumi ${op}</text>`,
    );
    for (const t of ticks(yLo, yHi)) {
      out.push(
        `<line x1="${M.left}" x2="${W - M.right}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#e5e5e5"/>`,
      );
      out.push(`<text x="${M.left - 4}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${fmt(t)}</text>`);
    }
    for (const n of xTicks) {
      out.push(
        `<line x1="${x(n).toFixed(1)}" x2="${x(n).toFixed(1)}" y1="${M.top}" y2="${H - M.bottom}" stroke="#e5e5e5"/>`,
      );
      out.push(`<text x="${x(n).toFixed(1)}" y="${H - M.bottom + 14}" text-anchor="middle">${fmt(n)}</text>`);
    }
    out.push(
      `<rect x="${M.left}" y="${M.top}" width="${W - M.left - M.right}" height="${H - M.top - M.bottom}" fill="none" stroke="#999"/>`,
    );
    out.push(`<text x="${(M.left + W - M.right) / 2}" y="${H - 8}" text-anchor="middle">N resources</text>`);
    out.push(
      `<text transform="translate(14,${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">seconds</text>`,
    );
    for (const s of series.filter((s) => s.op === op)) {
      const { color } = SIDE_STYLE[s.side];
      const d = s.points
        .map(([n, sec], k) => `${k ? "L" : "M"}${x(n).toFixed(1)},${y(sec).toFixed(1)}`)
        .join(" ");
      const dash = s.mode === "skipCheckpoints" ? ` stroke-dasharray="5,3"` : "";
      out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2"${dash}/>`);
      for (const [n, sec] of s.points)
        out.push(
          `<circle cx="${x(n).toFixed(1)}" cy="${y(sec).toFixed(1)}" r="2.5" fill="${color}"><title>${esc(`${SIDE_STYLE[s.side].label}, ${op}, N = ${n}${s.mode === "skipCheckpoints" ? ", checkpoints skipped" : ""}: ${sec.toFixed(1)} s`)}</title></circle>`,
        );
    }
    out.push("</g>");
  }
  const legend: [string, string, string][] = (Object.keys(SIDE_STYLE) as Side[]).map((side) => [
    SIDE_STYLE[side].label,
    SIDE_STYLE[side].color,
    "",
  ]);
  legend.push(["PULUMI_SKIP_CHECKPOINTS=true", "#333", ` stroke-dasharray="5,3"`]);
  for (const [k, [label, color, dash]] of legend.entries()) {
    const lx = 20 + k * 180;
    const ly = H + 20;
    out.push(
      `<line x1="${lx}" x2="${lx + 24}" y1="${ly}" y2="${ly}" stroke="${color}" stroke-width="2"${dash}/>`,
    );
    out.push(`<text x="${lx + 30}" y="${ly + 4}">${esc(label)}</text>`);
  }
  out.push(
    `<text x="20" y="${H + 44}" fill="#555">Wall time, log-log; real engine, file backend, emulator over loopback HTTP; one run per point.</text>`,
    "</svg>",
  );
  return `${out.join("\n")}\n`;
}
