// Table 4 of the bench: the requests each operation makes against its floor, and what they cost in
// time at the platform's rate limit, where requests, not the engine, set the pace.
import type { ScaleResult } from "./runs";

/** The platform's documented rate: 600 requests a minute, 100 ms a request once a window is spent. */
const PLATFORM_REQUESTS_PER_MINUTE = 600;

/**
 * Requests an operation may make once whatever N is: the organization guard, the provider
 * catalogue, and the lists the checks read (configurations, numbers of the organization and of the
 * pool, bridges, trunks), with one to spare.
 */
const REQUEST_CONSTANT = 8;

/** The floors of table 4 for an estate (N resources of which `bridges` bridges, `configurations`, `trunks`). */
function requestFloors(s: Pick<ScaleResult, "n" | "mix">) {
  const { bridges, configurations, trunks } = s.mix;
  return {
    preview: REQUEST_CONSTANT,
    refresh: bridges + configurations + trunks + REQUEST_CONSTANT,
    up: s.n + bridges + REQUEST_CONSTANT,
    destroy: s.n + REQUEST_CONSTANT,
  };
}

/** Seconds `requests` take at the platform's rate, at the least. */
const atPlatformRateS = (requests: number): number => (requests * 60) / PLATFORM_REQUESTS_PER_MINUTE;

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const verdict = (ok: boolean) => (ok ? "**met**" : "**missed**");

type Op = "preview" | "refresh" | "up" | "destroy";

/** The detail reads of bridges an operation made (`GET /telephony/bridges/{slug}/`). */
function bridgeReads(s: ScaleResult, op: Op): number {
  const byRoute =
    op === "preview"
      ? s.ours.preview.byRoute
      : op === "refresh"
        ? s.ours.refresh.byRoute
        : (s.ours[op].reduce((a, b) => (b.requests > a.requests ? b : a)).byRoute ?? {});
  return byRoute["GET /telephony/bridges/{slug}/"] ?? 0;
}

/** The rows of table 4: requests, loopback time and the time at 600 requests/minute, per N, against the floor. */
export function requestRows(scale: ScaleResult[]): string[][] {
  const ns = scale.map((s) => `N = ${s.n}`).join(" · ");
  const loopbackMs = (s: ScaleResult, op: Op) =>
    op === "preview"
      ? s.ours.preview.ms
      : op === "refresh"
        ? s.ours.refresh.ms
        : op === "up"
          ? s.summary.oursUpMs
          : s.summary.oursDestroyMs;
  const cell = (op: Op) =>
    scale
      .map((s) => {
        const n = s.summary.requests[op];
        return `${n} (loopback ${sec(loopbackMs(s, op))}; at 600/min ≥ ${atPlatformRateS(n).toFixed(1)} s)`;
      })
      .join(" · ");
  const reads = (op: Op) => scale.map((s) => `${bridgeReads(s, op)} for ${s.mix.bridges}`).join(" · ");
  const floor = (op: Op, formula: string) =>
    `≤ ${formula}: ${scale.map((s) => requestFloors(s)[op]).join(" · ")}`;
  const met = (op: Op) => verdict(scale.every((s) => s.summary.requests[op] <= requestFloors(s)[op]));
  return [
    [
      "4",
      `HTTP requests, \`preview\` with no change (${ns})`,
      cell("preview"),
      "—",
      floor("preview", "c, a constant"),
      met("preview"),
    ],
    [
      "4",
      "… `refresh` of N",
      cell("refresh"),
      `bridge reads ${reads("refresh")} bridges`,
      floor("refresh", "bridges + configurations + trunks + c"),
      met("refresh"),
    ],
    [
      "4",
      "… `up` creating N",
      cell("up"),
      `bridge read-backs ${reads("up")} bridges`,
      floor("up", "N + bridges + c"),
      met("up"),
    ],
    [
      "4",
      "… `destroy` of N",
      cell("destroy"),
      `bridge reads ${reads("destroy")} bridges`,
      floor("destroy", "N + c"),
      met("destroy"),
    ],
  ];
}
