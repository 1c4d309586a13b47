// The impact benchmark's tables: one organization's reads against the provider's plain reads of the
// same estate, and the fleet's read at the platform's rate.
import { int, round } from "../harness/stats";
import type { FleetImpactResult } from "./fleet";
import type { ImpactCase, OrganizationImpactResult } from "./organization";
import type { ImpactBenchResult } from "./result";

/** The platform's documented rate, for the floor of a read at any size: requests × 0.1 s. */
const PLATFORM_PER_MINUTE = 600;

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
/** The least time `requests` take at 600 a minute. */
const floorAt600 = (requests: number) => seconds((requests / PLATFORM_PER_MINUTE) * 60_000);
/** a ÷ b, to two decimals below 10, one below 100, none above. */
function ratio(a: number, b: number): string {
  if (b === 0) return "—";
  const r = a / b;
  return r < 10 ? r.toFixed(2) : r < 100 ? r.toFixed(1) : int(r);
}
const cells = (row: readonly string[]) => `| ${row.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;

function caseName(c: ImpactCase, calls: number): string {
  if (c.baseline) return `${c.what} (baseline)`;
  const cap = c.maxCalls ?? 0;
  return `${c.what}; ${c.windowDays}-day window, maxCalls ${int(cap)}${cap >= calls ? " (every call: no cap)" : ""}`;
}

function organizationTable(r: OrganizationImpactResult): string[] {
  const find = (id: string) => r.cases.find((c) => c.id === id);
  const overview = find("overview");
  const records = find("call-records");
  const header = [
    "Read",
    "Requests",
    "Calls read",
    "Capped",
    "Time, median (runs)",
    "Peak RSS (before the read)",
    "Peak heap used (before)",
    "÷ getCallRecords: time · requests",
    "÷ getOverview: time · requests",
    "At 600/min ≥",
  ];
  const rows = r.cases.map((c) => [
    caseName(c, r.organization.calls),
    int(c.requests),
    int(c.callsRead),
    c.baseline ? "—" : c.capped ? "yes" : "no",
    `${seconds(c.ms)} (${c.runsMs.map(seconds).join(", ")})`,
    `${int(c.peakRssMb)} MB (${int(c.rssBeforeMb)} MB)`,
    `${int(c.peakHeapMb)} MB (${int(c.heapBeforeMb)} MB)`,
    records === undefined ? "—" : `${ratio(c.ms, records.ms)} · ${ratio(c.requests, records.requests)}`,
    overview === undefined ? "—" : `${ratio(c.ms, overview.ms)} · ${ratio(c.requests, overview.requests)}`,
    floorAt600(c.requests),
  ]);
  return [cells(header), cells(header.map(() => "---")), ...rows.map(cells)];
}

function renderOrganization(r: OrganizationImpactResult): string[] {
  const o = r.organization;
  const throttled = r.cases.reduce((a, c) => a + c.status429, 0);
  return [
    `### One organization: ${int(r.numbers)} numbers on ${o.bridges} bridges, ${int(o.calls)} calls over 14 days`,
    "",
    `Every number linked (${o.numbersPerBridge} a bridge) and routed to one of two agents, one in a hundred with a scheduled follow-up; ${int(o.calls)} generated calls over the 14 days ending ${r.now} (filled in ${r.fillS} s). ` +
      `Each read runs in a Node.js process of its own against the emulator in another, its rate limit out of the way (${throttled} × 429); ` +
      `${r.reps === 1 ? "one repetition" : `median of ${r.reps} repetitions, the cases rotated each time`}, after one untimed read of every call record. ` +
      "Requests are those the emulator answered; peak RSS is the process's high-water mark (`VmHWM`), peak heap the most V8 heap in use (garbage not yet collected included), sampled every 5 ms. " +
      "At 600/min: requests × 0.1 s, the least time the read takes at the platform's rate once the token's window is spent.",
    "",
    ...organizationTable(r),
  ];
}

function renderFleet(f: FleetImpactResult): string[] {
  const rate = `${int(f.limit)} requests ${f.windowMs === 60_000 ? "a minute" : `per ${f.windowMs / 1000} s`}`;
  return [
    `### A fleet: ${f.organizations} organizations of ${int(f.numbersPerOrganization)} numbers and ${int(f.callsPerOrganization)} calls, one token at ${rate}`,
    "",
    `Each organization filled alike (${f.bridges} ${f.bridges === 1 ? "bridge" : "bridges"} of ${f.numbersPerBridge} numbers, two agents, follow-ups, calls over 14 days) at a raised limit (filled in ${f.fillS} s); then the emulator at ${rate} and one \`OrganizationTraffic\` per organization, every number moved, ${f.inFlight} organizations at once through one client (one token: one rate budget the SDK paces by the answers' rate-limit headers). ` +
      "The emulator's window is fixed, so a fresh window's budget can go at once: the least time in fixed windows is the windows before the last one's requests.",
    "",
    "| Organizations | Read at once | Requests answered | 429s | Time | Floor (requests ÷ rate) | Time ÷ floor | Least in fixed windows | Calls read | Capped | Peak RSS (before) | Peak heap used (before) |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    cells([
      int(f.organizations),
      int(f.inFlight),
      `${int(f.requests)} (${round(f.requests / f.organizations, 1)} an organization)`,
      int(f.status429),
      `${f.seconds} s`,
      `${f.floorSeconds} s`,
      ratio(f.seconds, f.floorSeconds),
      `${f.windowsFloorSeconds} s`,
      int(f.read.callsRead),
      `${f.read.capped} of ${f.organizations}`,
      `${int(f.read.peakRssMb)} MB (${int(f.read.rssBeforeMb)} MB)`,
      `${int(f.read.peakHeapMb)} MB (${int(f.read.heapBeforeMb)} MB)`,
    ]),
  ];
}

export function renderImpact(r: ImpactBenchResult, header: string): string {
  const load = `Load average over the run (1 min, every 10 s): ${r.load.min}–${r.load.max}, mean ${r.load.mean}.`;
  return [header, "", load, "", ...renderOrganization(r.organization), "", ...renderFleet(r.fleet)].join(
    "\n",
  );
}
