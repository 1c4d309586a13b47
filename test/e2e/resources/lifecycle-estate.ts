// The estate of the lifecycle test: every resource type, each declared as its steps edit it, and the
// platform requests of one engine operation, counted.
import type { EmulatorState, RequestLogEntry } from "../../../emulator";
import type { TestEmulator } from "../../fixtures/emulator";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import type { ProgramSpec } from "../../fixtures/voice-stack";

/** The demo account's seeded numbers, +14155550100 to +14155550109. */
export const n = (i: number): string => `+1415555010${i}`;

/** Requests any operation may make once, whatever the estate: the organization guard, the provider catalogue, the lists check reads. */
export const C = 8;

type Trunk = Record<string, unknown>;
/** A program declaring every type. */
type Estate = Required<Pick<ProgramSpec, "configurations" | "bridges" | "numbers" | "sets" | "trunks">>;
const EDGE: Trunk = {
  name: "edge",
  sipUrl: "sip.acme.example",
  authUsername: "acme",
  password: true,
  allowedIps: ["203.0.113.11", "203.0.113.10"],
};
/** An IPv6 host, and one IP written two ways: stored once. */
const CORE: Trunk = {
  name: "core",
  sipUrl: "[2001:db8::1]",
  allowedIps: ["2001:db8::1", "2001:0DB8:0:0::1", "10.0.0.0/8"],
};

/** What `up` first creates: three configurations, five bridges, two links, a set of two numbers, two trunks. */
export const created: Estate = {
  configurations: [
    { name: "twilio", provider: "twilio", accountSid: DEMO_ACCOUNT },
    { name: "carrier", provider: "twilio", accountSid: "AC00000000000000000000000000000007" },
    { name: "backup", provider: "twilio", accountSid: "AC00000000000000000000000000000008" },
  ],
  bridges: [
    { name: "main", bridgeName: "Main", slug: "main" },
    { name: "overflow", bridgeName: "Overflow", slug: "overflow" },
    { name: "support", bridgeName: "Support", slug: "support" },
    { name: "desk", bridgeName: "Desk", slug: "desk" },
    { name: "grouped", bridgeName: "Grouped", slug: "grouped" },
  ],
  numbers: [
    { name: "n0", bridge: "main", configuration: "twilio", phoneNumber: n(0) },
    // Named after its bridge, as an earlier program may have named it; formatted as a user may write it.
    { name: "main-0101", bridge: "main", configuration: "twilio", phoneNumber: "+1 (415) 555-0101" },
  ],
  sets: [
    {
      name: "grouped-numbers",
      bridge: "grouped",
      numbers: [n(3), n(4)].map((phoneNumber) => ({ configuration: "twilio", phoneNumber })),
    },
  ],
  trunks: [EDGE, CORE],
};

/** The same program written otherwise: IPs reordered and repeated, numbers formatted and reordered. */
export const rewritten: Estate = {
  ...created,
  numbers: created.numbers.map((l) =>
    l.name === "main-0101" ? { ...l, phoneNumber: "+1 415 555 0101" } : l,
  ),
  sets: created.sets.map((s) => ({ ...s, numbers: [...s.numbers].reverse() })),
  trunks: [{ ...EDGE, allowedIps: ["203.0.113.10", "203.0.113.11", "203.0.113.10"] }, CORE],
};

/**
 * Every edit of one `up`. In place: a bridge's name, a configuration's account, every field of a
 * trunk, a link moved to another bridge, a link renamed (alias) while it moves, a set's numbers.
 * Replacing: a bridge's slug, a configuration's provider.
 */
export const edited: Estate = {
  configurations: [
    { name: "twilio", provider: "twilio", accountSid: DEMO_ACCOUNT },
    { name: "carrier", provider: "twilio", accountSid: "AC00000000000000000000000000000009" },
    { name: "backup", provider: "plivo", accountSid: "MA0000000000000000A1" },
  ],
  bridges: [
    { name: "main", bridgeName: "Main", slug: "main" },
    { name: "overflow", bridgeName: "Overflow", slug: "overflow" },
    { name: "support", bridgeName: "Support desk", slug: "support" },
    { name: "desk", bridgeName: "Desk", slug: "front-desk" },
    { name: "grouped", bridgeName: "Grouped", slug: "grouped" },
  ],
  numbers: [
    { name: "n0", bridge: "overflow", configuration: "twilio", phoneNumber: n(0) },
    { name: n(1), bridge: "overflow", configuration: "twilio", phoneNumber: n(1), aliases: ["main-0101"] },
  ],
  sets: [
    {
      name: "grouped-numbers",
      bridge: "grouped",
      numbers: [n(4), n(5)].map((phoneNumber) => ({ configuration: "twilio", phoneNumber })),
    },
  ],
  trunks: [
    { ...EDGE, trunkName: "edge-2", transport: "TLS", port: 5061, allowedIps: ["198.51.100.7"] },
    CORE,
  ],
};

/** {@link edited} less one resource of each type: the set, link n0, configuration carrier, bridge support, trunk core. */
export const reduced: Estate = {
  configurations: edited.configurations.filter((c) => c.name !== "carrier"),
  bridges: edited.bridges.filter((b) => b.name !== "support"),
  numbers: edited.numbers.filter((l) => l.name !== "n0"),
  sets: [],
  trunks: edited.trunks.filter((t) => t.name !== "core"),
};

/** The platform requests of one engine operation. */
export interface Requests {
  total: number;
  /** Every write, as `<method> <path> [<number>]`, sorted. */
  writes: string[];
  /** GETs of each bridge's detail view (a bridge with all its links), by slug. */
  bridgeReads: Record<string, number>;
  /** The writes in the order the emulator answered them. */
  log: string[];
}

const write = (r: RequestLogEntry): string =>
  `${r.method} ${r.path}${r.phoneNumber ? ` ${r.phoneNumber}` : ""}`;

/** Runs `operation` and answers the platform requests it made. */
export async function measure(emu: TestEmulator, operation: () => Promise<unknown>): Promise<Requests> {
  await emu.admin.clearRequests();
  await operation();
  const requests = await emu.admin.requests();
  const bridgeReads: Record<string, number> = {};
  for (const r of requests) {
    const slug = /^\/telephony\/bridges\/([^/]+)\/$/.exec(r.path)?.[1];
    if (r.method === "GET" && slug) bridgeReads[slug] = (bridgeReads[slug] ?? 0) + 1;
  }
  const log = requests.filter((r) => r.method !== "GET").map(write);
  return { total: requests.length, writes: [...log].sort(), bridgeReads, log };
}

/** `<bridge>:<number>` for every link on the platform, sorted. */
export function links(state: EmulatorState): string[] {
  return state.links
    .map((l) => {
      const bridge = state.bridges.find((b) => b.id === l.bridge_id)?.slug;
      return `${bridge}:${state.numbers.find((x) => x.id === l.number_id)?.number}`;
    })
    .sort();
}
