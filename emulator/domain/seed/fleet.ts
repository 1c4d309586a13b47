import { z } from "zod";
import { addTraffic, type TrafficPlan } from "../calls/traffic";
import type { EmulatorState } from "../state";
import { applySeed, DEMO_ORG_HANDLE, demoState, SeedError } from "./demo";

// A fleet: many organizations one token may use, each like the demo organization (a provider
// account with its own numbers, spaces, agents), with names a program can derive from an index,
// so that a stack per organization can be generated: org-001 … org-100.

/** Numbers each fleet organization holds unless told otherwise. */
export const DEFAULT_NUMBERS_PER_ORGANIZATION = 1_000;
/** The most organizations a fleet may have (the numbering leaves room for 99,999). */
export const MAX_FLEET_ORGANIZATIONS = 10_000;
/** The most numbers one fleet organization may hold (four digits of the number are its own). */
export const MAX_NUMBERS_PER_ORGANIZATION = 10_000;
/** The provider of every fleet organization's account. */
export const FLEET_PROVIDER = "twilio";

const count = (max: number) =>
  z
    .number({ error: `must be an integer from 1 to ${max.toLocaleString("en-US")}` })
    .int({ error: `must be an integer from 1 to ${max.toLocaleString("en-US")}` })
    .min(1, { error: `must be an integer from 1 to ${max.toLocaleString("en-US")}` })
    .max(max, { error: `must be an integer from 1 to ${max.toLocaleString("en-US")}` });

/** How many organizations, and how many numbers each (the body of `POST /_emulator/fleet`). */
export const fleetOptionsSchema = z.object({
  organizations: count(MAX_FLEET_ORGANIZATIONS),
  numbersPerOrganization: count(MAX_NUMBERS_PER_ORGANIZATION).default(DEFAULT_NUMBERS_PER_ORGANIZATION),
});
export type FleetOptions = z.input<typeof fleetOptionsSchema>;
/** Fleet options with their defaults filled in. */
export type FleetSize = z.output<typeof fleetOptionsSchema>;

/** One organization of a fleet, as a program or a stack's configuration needs it. */
export interface FleetOrganization {
  /** `org-001` …: the `Org-Handle`. */
  handle: string;
  name: string;
  provider: typeof FLEET_PROVIDER;
  /** The provider account holding the organization's numbers. */
  accountSid: string;
  /** The organization's numbers, in id order. */
  numbers: string[];
  /** Its space tokens (`sp-org-001-support`, `sp-org-001-sales`). */
  spaces: string[];
  /** Its agents' handles (the same in every organization). */
  agents: string[];
}

const SPACES = [
  ["support", "Support", "support-agent"],
  ["sales", "Sales", "sales-agent"],
] as const;
const AGENTS = [
  ["support-agent", "Support Agent", "Answers customer support calls"],
  ["sales-agent", "Sales Agent", "Calls leads and books demos"],
] as const;

/**
 * The handle of the `i`-th fleet organization (from 1): `org-001` … `org-999`, `org-1000` …. It does
 * not depend on the fleet's size, so a fleet that grows keeps its organizations' handles.
 */
export function fleetHandle(i: number): string {
  return `org-${String(i).padStart(3, "0")}`;
}

/** The account SID of the `i`-th fleet organization: `AC` and 32 hex digits, unlike any demo account's. */
export function fleetAccountSid(i: number): string {
  return `ACf1ee7${String(i).padStart(27, "0")}`;
}

/** The `j`-th number (from 0) of the `i`-th fleet organization: `+1 3 <5 digits of i> <4 of j>`. */
export function fleetNumber(i: number, j: number): string {
  return `+13${String(i).padStart(5, "0")}${String(j).padStart(4, "0")}`;
}

/** Every organization of a fleet, derived from its options alone (no emulator needed). */
export function fleetOrganizations(options: FleetOptions): FleetOrganization[] {
  const { organizations, numbersPerOrganization } = fleetOptionsSchema.parse(options);
  return Array.from({ length: organizations }, (_, k) => {
    const i = k + 1;
    const handle = fleetHandle(i);
    return {
      handle,
      name: `Organization ${handle.slice(4)}`,
      provider: FLEET_PROVIDER,
      accountSid: fleetAccountSid(i),
      numbers: Array.from({ length: numbersPerOrganization }, (_, j) => fleetNumber(i, j)),
      spaces: SPACES.map(([key]) => `sp-${handle}-${key}`),
      agents: AGENTS.map(([agent]) => agent),
    };
  });
}

/** Options of a start, checked: undefined without `organizations`; an error names the option and its rule. */
export function fleetSize(options: {
  organizations?: number | undefined;
  numbersPerOrganization?: number | undefined;
}): FleetSize | undefined {
  const { organizations, numbersPerOrganization } = options;
  if (organizations === undefined) {
    if (numbersPerOrganization !== undefined) throw new Error("numbersPerOrganization needs organizations");
    return undefined;
  }
  const parsed = fleetOptionsSchema.safeParse({
    organizations,
    ...(numbersPerOrganization === undefined ? {} : { numbersPerOrganization }),
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${String(issue?.path[0] ?? "organizations")} ${issue?.message ?? "is invalid"}`);
}

/**
 * Add a fleet to `state` in place, and let `token` use every organization of it. Organizations
 * already there keep their records and gain what they lack, so it can run again on a state that
 * was loaded from a file or seeded before. A number another account already holds is a
 * `SeedError`; `where` (e.g. `state file x.json`) names the state in a plain Error instead.
 */
export function applyFleet(
  state: EmulatorState,
  token: string,
  options: FleetOptions,
  where?: string,
): FleetOrganization[] {
  const fleet = fleetOrganizations(options);
  try {
    seedFleet(state, token, fleet);
  } catch (e) {
    if (!(e instanceof SeedError) || where === undefined) throw e;
    throw new Error(`The ${where} cannot take a fleet of ${fleet.length} organizations: ${e.message}`);
  }
  return fleet;
}

function seedFleet(state: EmulatorState, token: string, fleet: FleetOrganization[]): void {
  applySeed(state, {
    organizations: fleet.map((o) => ({ domain_handle: o.handle, name: o.name })),
    tokens: [{ token, organizations: fleet.map((o) => o.handle) }],
    providerAccounts: fleet.map((o) => ({
      organization: o.handle,
      provider: o.provider,
      account_sid: o.accountSid,
      numbers: o.numbers,
    })),
    spaces: fleet.flatMap((o) =>
      SPACES.map(([key, name, agent_handle]) => ({
        organization: o.handle,
        id: `spc_${o.handle.replace("-", "_")}_${key}`,
        name,
        token: `sp-${o.handle}-${key}`,
        agent_handle,
      })),
    ),
    agents: fleet.flatMap((o) =>
      AGENTS.map(([handle, name, purpose]) => ({
        organization: o.handle,
        handle,
        name,
        type: "Voice",
        state: "published",
        purpose,
      })),
    ),
  });
}

/**
 * The state an emulator starts from and a reset returns to: the demo seed, the fleet when one is
 * asked for, and the demo organization's generated calls when traffic is.
 */
export function startState(
  token: string,
  fleet: FleetSize | undefined,
  traffic?: TrafficPlan | undefined,
): EmulatorState {
  const state = demoState(token);
  if (fleet !== undefined) applyFleet(state, token, fleet);
  if (traffic !== undefined) addTraffic(state, DEMO_ORG_HANDLE, traffic);
  return state;
}
