// The organizations the impact benchmark reads: a fleet organization of the emulator (its provider
// account, spaces and agents seeded) whose numbers are all linked to bridges, each number routed to
// one of its two agents, one number in a hundred with a scheduled follow-up, and generated calls over
// the 14 days before the run. Both the filling and the read's workers derive the same layout from it.
import { type AdminClient, fleetAccountSid, fleetHandle, fleetNumber } from "../../emulator";
import type { NumberTouch } from "../../provider/impact";
import type { VoiceClient } from "../../sdk";

/** Days of generated calls: twice the impact read's default window, so that the window ends inside them. */
export const TRAFFIC_DAYS = 14;
/** The fleet organizations' two agents (emulator/domain/seed/fleet.ts); numbers alternate between them. */
const AGENTS = ["support-agent", "sales-agent"] as const;
/** One number in this many has a follow-up scheduled, so the agents' task lists are not empty. */
const FOLLOW_UP_EVERY = 100;
/** Requests in flight while filling: the emulator answers them one at a time anyway. */
const FILL_IN_FLIGHT = 16;

/** One organization of the estate: the `index`-th of the emulator's fleet. */
export interface OrganizationLayout {
  /** From 1: `org-001` is 1. */
  index: number;
  bridges: number;
  numbersPerBridge: number;
  /** Generated call records (CDRs) over the last {@link TRAFFIC_DAYS} days. */
  calls: number;
}

export const handleOf = (o: OrganizationLayout): string => fleetHandle(o.index);
export const numbersOf = (o: OrganizationLayout): number => o.bridges * o.numbersPerBridge;
export const bridgeSlug = (k: number): string => `impact-${k}`;
/** The bridge (from 0) of the organization's `j`-th number: numbers fill the bridges in turn. */
const bridgeOf = (o: OrganizationLayout, j: number): number => Math.floor(j / o.numbersPerBridge);

/** The change the benchmark plans: every number moved to the next bridge. */
export function everyNumberMoved(o: OrganizationLayout): NumberTouch[] {
  return Array.from({ length: numbersOf(o) }, (_, j) => {
    const from = bridgeOf(o, j);
    return {
      kind: "number",
      number: fleetNumber(o.index, j),
      change: "move",
      fromBridge: bridgeSlug(from),
      toBridge: bridgeSlug((from + 1) % o.bridges),
    };
  });
}

/** Runs `task(i)` for i in 0 … count − 1, `FILL_IN_FLIGHT` at a time. */
async function inTurns(count: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(FILL_IN_FLIGHT, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * Fills one organization through the platform API (configuration, bridges, links) and the
 * emulator's admin surface (agents, follow-ups, calls). `now` ends the calls' window and is the
 * moment the read judges from, so the same run reads the same records.
 */
export async function fillOrganization(
  client: VoiceClient,
  admin: AdminClient,
  o: OrganizationLayout,
  now: Date,
): Promise<void> {
  const org = handleOf(o);
  const scope = { orgHandle: org };
  const configuration = await client.providerConfigurations.create(
    { provider: "twilio", account_sid: fleetAccountSid(o.index), auth_token: "bench-auth-token" },
    scope,
  );
  await inTurns(o.bridges, (k) => client.bridges.create({ name: `Impact ${k}`, slug: bridgeSlug(k) }, scope));
  const numbers = numbersOf(o);
  await inTurns(numbers, (j) =>
    client.bridges.connectProvider(
      bridgeSlug(bridgeOf(o, j)),
      { provider_config_id: configuration.id, phone_number: fleetNumber(o.index, j) },
      scope,
    ),
  );
  const agentOf = (j: number) => AGENTS[j % AGENTS.length] as string;
  await inTurns(numbers, (j) => admin.setNumberAgent(org, fleetNumber(o.index, j), agentOf(j)));
  const tomorrow = new Date(now.getTime() + 24 * 3_600_000).toISOString();
  await inTurns(Math.ceil(numbers / FOLLOW_UP_EVERY), (f) => {
    const j = f * FOLLOW_UP_EVERY;
    return admin.addFollowUp(org, {
      number: fleetNumber(o.index, j),
      nextAt: tomorrow,
      assignee: agentOf(j),
    });
  });
  await admin.addTraffic(org, { seed: o.index, days: TRAFFIC_DAYS, calls: o.calls, now: now.toISOString() });
}
