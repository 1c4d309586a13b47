// K processes sharing one token against one emulator's rate limit, each its own organization of
// a fleet: every process creates and reads back bridges through the SDK, all at once. What the
// emulator logged says how it went: requests answered, 429s, each process's share of the answers
// while all of them ran, and the time taken against the floor (requests ÷ rate). Used by
// `npm run bench -- --rate-budget` (8 processes at 600 a minute) and test/sdk/core/rate-budget.test.ts
// (a low rate and a short window, so that it ends in seconds).
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { AdminClient, fleetHandle, type RequestLogEntry, startEmulator } from "../../emulator";
import { repoRoot } from "../../scripts/tools/engine";

export interface RateBudgetOptions {
  /** The SDK's compiled entry (`…/sdk/index.js`) the processes load. */
  sdkEntry: string;
  processes: number;
  /** Bridges each process creates and reads back (two requests each). */
  pairs: number;
  /** Requests per window per token. */
  limit: number;
  windowMs: number;
}

export interface RateBudgetProcess {
  org: string;
  exitCode: number | null;
  /** Pairs that succeeded, as the process reports them. */
  pairs: number;
  failed: string[];
  /** Answers the emulator gave this process: 2xx, and 429. */
  answered: number;
  status429: number;
  /** Its 2xx in the windows every process had work through, ÷ the average of all (1 = an equal share). */
  share: number;
}

export interface RateBudgetResult {
  processes: number;
  pairsPerProcess: number;
  limit: number;
  windowMs: number;
  /** 2xx answers in all. */
  requests: number;
  status429: number;
  /** Operations (pairs) that failed, in all. */
  failed: number;
  /** First request to last answer, as the emulator saw them. */
  elapsedMs: number;
  /** `requests ÷ (limit ÷ windowMs)`: the least time the requests take at the rate. */
  floorMs: number;
  perProcess: RateBudgetProcess[];
}

/** The worker every process runs (plain JavaScript, so that a test can run it against a fresh SDK build). */
export const RATE_BUDGET_WORKER = path.join(repoRoot, "bench", "sdk", "rate-budget-worker.cjs");

interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
  result: Promise<{ exitCode: number | null; pairs: number; failed: string[] }>;
}

function startWorker(opts: RateBudgetOptions, url: string, token: string, org: string): Worker {
  const child = spawn(
    process.execPath,
    [RATE_BUDGET_WORKER, opts.sdkEntry, url, token, org, String(opts.pairs)],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  let report: { pairs: number; failed: string[] } = { pairs: 0, failed: [] };
  lines.on("line", (line) => {
    if (line === "ready") markReady();
    else report = JSON.parse(line) as typeof report;
  });
  const result = new Promise<{ exitCode: number | null; pairs: number; failed: string[] }>((resolve) => {
    child.once("exit", (exitCode) => {
      markReady();
      resolve({
        exitCode,
        pairs: report.pairs,
        failed: exitCode === 0 ? report.failed : [...report.failed, `exit ${exitCode}: ${stderr.trim()}`],
      });
    });
  });
  return { child, ready, result };
}

/** Run the processes against a fresh emulator and read its log. */
export async function runRateBudget(opts: RateBudgetOptions): Promise<RateBudgetResult> {
  const emu = await startEmulator({
    rateLimit: opts.limit,
    windowMs: opts.windowMs,
    organizations: opts.processes,
    numbersPerOrganization: 1,
  });
  const admin = new AdminClient(emu.url);
  const workers: Worker[] = [];
  try {
    for (const org of emu.fleet) workers.push(startWorker(opts, emu.url, emu.token, org));
    await Promise.all(workers.map((w) => w.ready));
    await admin.clearRequests();
    for (const w of workers) w.child.stdin?.write("go\n");
    const results = await Promise.all(workers.map((w) => w.result));
    return summarize(opts, results, await admin.requests());
  } finally {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill("SIGKILL");
    await emu.close();
  }
}

function summarize(
  opts: RateBudgetOptions,
  results: { exitCode: number | null; pairs: number; failed: string[] }[],
  log: RequestLogEntry[],
): RateBudgetResult {
  const orgs = results.map((_, i) => fleetHandle(i + 1));
  const ok = log.filter((r) => r.status >= 200 && r.status < 300);
  const lastOf = (org: string) => Math.max(...ok.filter((r) => r.orgHandle === org).map((r) => r.atMs));
  // The windows every process had work through: up to the window of the first one's last answer
  // (that window's share depends on who had how much left), or that answer in a run of one window.
  const starts = windowStarts(log, opts.windowMs);
  const firstDone = Math.min(...orgs.map(lastOf));
  const lastWindow = starts.filter((start) => start <= firstDone).at(-1) ?? 0;
  const end = lastWindow > (starts[0] ?? 0) ? lastWindow : firstDone + 1;
  const during = ok.filter((r) => r.atMs < end);
  const perProcess = orgs.map((org, i) => {
    const mine = (r: RequestLogEntry) => r.orgHandle === org;
    const result = results[i] ?? { exitCode: null, pairs: 0, failed: ["no result"] };
    return {
      org,
      exitCode: result.exitCode,
      pairs: result.pairs,
      failed: result.failed,
      answered: ok.filter(mine).length,
      status429: log.filter((r) => mine(r) && r.status === 429).length,
      share: during.filter(mine).length / (during.length / orgs.length),
    };
  });
  const first = Math.min(...log.map((r) => r.atMs));
  return {
    processes: opts.processes,
    pairsPerProcess: opts.pairs,
    limit: opts.limit,
    windowMs: opts.windowMs,
    requests: ok.length,
    status429: log.filter((r) => r.status === 429).length,
    failed: perProcess.reduce((a, p) => a + p.failed.length, 0),
    elapsedMs: Math.round(Math.max(...ok.map((r) => r.atMs)) - first),
    floorMs: Math.round((ok.length / opts.limit) * opts.windowMs),
    perProcess,
  };
}

/** When each of the emulator's windows began: its first request, then the first one a window later. */
function windowStarts(log: RequestLogEntry[], windowMs: number): number[] {
  const starts: number[] = [];
  for (const r of log) {
    const last = starts.at(-1);
    if (last === undefined || r.atMs >= last + windowMs) starts.push(r.atMs);
  }
  return starts;
}

/** The result as a few lines of markdown. */
export function renderRateBudget(r: RateBudgetResult, header: string): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const shares = r.perProcess.map((p) => p.share.toFixed(2));
  return [
    header,
    "",
    `${r.processes} processes share one token at ${r.limit} requests per ${s(r.windowMs)}; each creates and reads back ${r.pairsPerProcess} bridges through the SDK (8 in flight) as its own organization, all at once.`,
    "",
    "| Requests answered | 429s | Operations failed | Time | Floor (requests ÷ rate) | Time ÷ floor | Shares in the windows all had work through (1 = equal) |",
    "|---|---|---|---|---|---|---|",
    `| ${r.requests} | ${r.status429} | ${r.failed} | ${s(r.elapsedMs)} | ${s(r.floorMs)} | ${(r.elapsedMs / r.floorMs).toFixed(2)} | ${shares.join(" · ")} |`,
  ].join("\n");
}
