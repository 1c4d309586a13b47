import { z } from "zod";
import { bridgeOfLink, linkOfNumber, numberByValue } from "../inventory";
import type { EmulatorState } from "../state";
import { indexOf, inOrder } from "../state-index";
import { appendCdrs, cdrIndexOf } from "./cdr-index";
import { IsoTimeFormatter } from "./iso-time";
import { below, seededRandom } from "./prng";
import type { CallDetailRecord } from "./records";

// Generated SIP traffic (docs/emulator.md, Traffic): CDRs spread over the last `days` days across
// an organization's numbers, so a review of what a change does to live calls has calls to show.
// Everything is drawn from a seeded generator: the same seed, `now` and numbers give the same
// records. Only the ids depend on what the state already holds (they start above every id).

const DAY_MS = 86_400_000;
/** Share of calls placed in the last 24 hours on top of the even spread (the first call always is). */
const RECENT_SHARE = 0.2;
/** Those end within the last 23 hours, so that even a 10-minute call started within the last 24. */
const RECENT_SPAN_MS = 23 * 3_600_000;
const INBOUND_SHARE = 0.6;
/** Area codes of the outside numbers; none is a seeded organization's. */
const OUTSIDE_AREAS = ["206", "303", "312", "617", "702", "808", "919"];

const int = (rule: string) => z.number({ error: rule }).int({ error: rule });

/** The most calls one request (or `--traffic`) may generate. */
export const MAX_TRAFFIC_CALLS = 1_000_000;

/** Body of `POST /_emulator/orgs/{handle}/traffic`. */
export const trafficInputSchema = z.object({
  seed: int("must be an integer")
    .min(Number.MIN_SAFE_INTEGER, { error: "must be a safe integer" })
    .max(Number.MAX_SAFE_INTEGER, { error: "must be a safe integer" })
    .default(1),
  days: int("must be an integer from 1 to 3,650")
    .min(1, { error: "must be an integer from 1 to 3,650" })
    .max(3_650, { error: "must be an integer from 1 to 3,650" })
    .default(14),
  calls: int("must be an integer from 0 to 1,000,000")
    .min(0, { error: "must be an integer from 0 to 1,000,000" })
    .max(MAX_TRAFFIC_CALLS, { error: "must be an integer from 0 to 1,000,000" })
    .default(200),
  now: z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 date-time such as 2025-01-31T12:00:00Z" })
    .optional(),
});

/** Seed and days of the traffic an emulator is started with (`--traffic <calls>`). */
const START_SEED = 1;
const START_DAYS = 14;

/** What to generate, defaults applied and `now` fixed. */
export interface TrafficPlan {
  seed: number;
  days: number;
  calls: number;
  /** The end of the window, ISO 8601. */
  now: string;
}

/** What `POST /_emulator/orgs/{handle}/traffic` answers: how many CDRs were added and their ids. */
export interface TrafficResult {
  added: number;
  firstId: number | null;
  lastId: number | null;
}

/** A number calls go through, with the bridge it is on (`null` when on none). */
interface Line {
  number: string;
  bridge: { id: number; name: string } | null;
}

/**
 * The numbers an organization's traffic goes through, in number id order: those linked to a
 * bridge; when none is, every number of the organization, without a bridge (so a freshly seeded
 * organization has calls too).
 */
export function trafficLines(state: EmulatorState, organization: string): Line[] {
  const numbers = inOrder(indexOf(state).numbersByOrganization.get(organization));
  const linked: Line[] = [];
  for (const n of numbers) {
    const link = linkOfNumber(state, n.id);
    const bridge = link === undefined ? undefined : bridgeOfLink(state, link);
    if (bridge !== undefined) linked.push({ number: n.number, bridge: { id: bridge.id, name: bridge.name } });
  }
  return linked.length > 0 ? linked : numbers.map((n) => ({ number: n.number, bridge: null }));
}

type Outcome = Pick<CallDetailRecord, "call_status" | "end_reason" | "failure_source" | "sip_cause">;

const NOT_CONNECTED: Outcome[] = [
  {
    call_status: "notConnected",
    end_reason: "call.not_connected.no_answer",
    failure_source: "callee",
    sip_cause: "Request Timeout",
  },
  {
    call_status: "notConnected",
    end_reason: "call.not_connected.busy",
    failure_source: "callee",
    sip_cause: "Busy Here",
  },
  {
    call_status: "notConnected",
    end_reason: "call.not_connected.declined",
    failure_source: "callee",
    sip_cause: "Decline",
  },
];
const FAILED: Outcome[] = [
  {
    call_status: "failed",
    end_reason: "call.failed.trunk_unreachable",
    failure_source: "network",
    sip_cause: "Service Unavailable",
  },
  {
    call_status: "failed",
    end_reason: "call.failed.rejected",
    failure_source: "provider",
    sip_cause: "Forbidden",
  },
  {
    call_status: "failed",
    end_reason: "call.failed.server_error",
    failure_source: "provider",
    sip_cause: "Server Internal Error",
  },
];

function outcome(random: () => number): Outcome {
  const r = random();
  if (r < 0.78) {
    const side = random() < 0.5 ? "caller" : "callee";
    return {
      call_status: "completed",
      end_reason: `call.completed.${side}_hangup`,
      failure_source: null,
      sip_cause: null,
    };
  }
  const table = r < 0.93 ? NOT_CONNECTED : FAILED;
  return table[below(random, table.length)] as Outcome;
}

/** One call before it has an id: its line, the other side, outcome and times (ms). */
interface Draft {
  line: Line;
  inbound: boolean;
  outside: string;
  outcome: Outcome;
  durationS: number;
  startMs: number;
  ringMs: number;
}

/** Every line once per round, in an order reshuffled each round: each number gets its share. */
function lineDealer(lines: readonly Line[], random: () => number): () => Line {
  const order = lines.map((_, i) => i);
  let at = order.length;
  return () => {
    if (at === order.length) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = below(random, i + 1);
        [order[i], order[j]] = [order[j] as number, order[i] as number];
      }
      at = 0;
    }
    return lines[order[at++] as number] as Line;
  };
}

/** The records of a plan over these lines, ids from `firstId` in start-time order. */
export function planTraffic(
  organization: string,
  lines: readonly Line[],
  plan: TrafficPlan,
  firstId: number,
  isPlatformNumber: (e164: string) => boolean,
): CallDetailRecord[] {
  if (plan.calls === 0 || lines.length === 0) return [];
  const random = seededRandom(plan.seed);
  const nowMs = Date.parse(plan.now);
  const startOfWindow = nowMs - plan.days * DAY_MS;
  const nextLine = lineDealer(lines, random);
  const outsideNumber = () => {
    for (;;) {
      const area = OUTSIDE_AREAS[below(random, OUTSIDE_AREAS.length)] as string;
      const candidate = `+1${area}55501${String(below(random, 100)).padStart(2, "0")}`;
      if (!isPlatformNumber(candidate)) return candidate;
    }
  };
  const drafts = new Array<Draft>(plan.calls);
  for (let i = 0; i < plan.calls; i++) {
    const recent = i === 0 || random() < RECENT_SHARE;
    const at = recent ? nowMs - random() * RECENT_SPAN_MS : startOfWindow + random() * plan.days * DAY_MS;
    const result = outcome(random);
    // Mostly short calls, a few long ones (8 s to 10 min), to a tenth of a second.
    const durationS =
      result.call_status === "completed" ? Math.round((8 + 592 * random() ** 2) * 10) / 10 : 0;
    const ringMs = 2_000 + below(random, 10_000);
    // The drawn time is when the call ended; the whole call, from creation on, stays in the window.
    const durationMs = Math.round(durationS * 1000);
    const startMs = Math.max(startOfWindow + ringMs, Math.floor(at) - durationMs);
    drafts[i] = {
      line: nextLine(),
      inbound: random() < INBOUND_SHARE,
      outside: outsideNumber(),
      outcome: result,
      durationS,
      startMs,
      ringMs,
    };
  }
  // Sort is stable: calls starting in the same millisecond keep the order they were drawn in.
  drafts.sort((a, b) => a.startMs - b.startMs);
  const iso = new IsoTimeFormatter();
  return drafts.map((d, k) => ({
    id: firstId + k,
    organization,
    source_number: d.inbound ? d.outside : d.line.number,
    destination_number: d.inbound ? d.line.number : d.outside,
    call_type: d.inbound ? "inbound" : "outbound",
    call_status: d.outcome.call_status,
    bridge: d.line.bridge === null ? null : { id: d.line.bridge.id, name: d.line.bridge.name },
    creation_time: iso.format(d.startMs - d.ringMs),
    start_time: iso.format(d.startMs),
    end_time: iso.format(d.startMs + Math.round(d.durationS * 1000)),
    call_duration: d.durationS,
    end_reason: d.outcome.end_reason,
    failure_source: d.outcome.failure_source,
    sip_cause: d.outcome.sip_cause,
  }));
}

/** Why an organization cannot have traffic: it has no number at all. */
export class NoLinesError extends Error {}

/**
 * Add a plan's calls to an organization of a live state (call it inside `Store.write`; it throws
 * `NoLinesError` before writing when the organization has no number).
 */
export function addTraffic(state: EmulatorState, organization: string, plan: TrafficPlan): TrafficResult {
  const lines = trafficLines(state, organization);
  if (lines.length === 0 && plan.calls > 0) {
    throw new NoLinesError(`Organization '${organization}' has no numbers to place calls on`);
  }
  const firstId = cdrIndexOf(state).lastId + 1;
  const records = planTraffic(
    organization,
    lines,
    plan,
    firstId,
    (n) => numberByValue(state, n) !== undefined,
  );
  appendCdrs(state, records);
  return {
    added: records.length,
    firstId: records[0]?.id ?? null,
    lastId: records.at(-1)?.id ?? null,
  };
}

/** The plan of `--traffic <calls>` (`traffic` of `startEmulator`): seed 1, the 14 days ending now. */
export function startTrafficPlan(calls: number, now = new Date().toISOString()): TrafficPlan {
  const checked = trafficInputSchema.shape.calls.safeParse(calls);
  if (!checked.success) throw new Error(`traffic ${checked.error.issues[0]?.message ?? "is invalid"}`);
  return { seed: START_SEED, days: START_DAYS, calls: checked.data, now };
}
