// The estate tests and benchmarks declare: N resources in a realistic telephony mix, and the
// provider-account inventory the emulator needs to link that many numbers.
import type { SeedInput } from "../emulator";
import type { EstateSpec, ProviderKind } from "./spec";

export type { EstateSpec, ProviderKind } from "./spec";

/** How many of each type make up N. */
export interface Mix {
  configurations: number;
  bridges: number;
  numbers: number;
  trunks: number;
}

/** The two provider accounts of the demo organization the configurations point at. */
export const ACCOUNTS = [
  { provider: "twilio", accountSid: "AC00000000000000000000000000000001" },
  { provider: "plivo", accountSid: "MA0000000000000000A1" },
] as const;

/**
 * Two configurations (one per provider account), a bridge per 20 resources, a trunk per 10, and
 * numbers for the rest: N = 100 is 2 + 5 + 10 + 83, N = 300 is 2 + 15 + 30 + 253.
 */
export function mixOf(n: number): Mix {
  const configurations = ACCOUNTS.length;
  const bridges = Math.max(1, Math.round(n / 20));
  const trunks = Math.max(1, Math.round(n / 10));
  const numbers = n - configurations - bridges - trunks;
  if (numbers < 1) throw new Error(`N = ${n} is too small for the mix`);
  return { configurations, bridges, numbers, trunks };
}

/** The i-th benchmark number of account `a` (outside the emulator's seeded ranges). */
export function phoneNumber(a: number, i: number): string {
  const serial = String(i).padStart(4, "0");
  return a === 0 ? `+1415666${serial}` : `+44207947${serial}`;
}

/** `bridges` bench bridges and `numbers` numbers spread over them in turn, alternating between the accounts. */
export function bridgesAndNumbers(
  bridgeCount: number,
  numberCount: number,
): Pick<EstateSpec, "bridges" | "numbers"> {
  const bridges = Array.from({ length: bridgeCount }, (_, i) => ({
    name: `bridge-${i}`,
    bridgeName: `Bench bridge ${i}`,
    slug: `bench-${i}`,
  }));
  const numbers = Array.from({ length: numberCount }, (_, i) => ({
    name: `number-${i}`,
    // Declared bridge by bridge, as a program looping over each bridge's numbers would.
    bridge: `bridge-${Math.floor((i * bridgeCount) / numberCount)}`,
    configuration: `cfg-${i % ACCOUNTS.length}`,
    phoneNumber: phoneNumber(i % ACCOUNTS.length, Math.floor(i / ACCOUNTS.length)),
  }));
  return { bridges, numbers };
}

/** The resources of N, for `provider`. Numbers alternate between the accounts and fill the bridges in turn. */
export function estate(n: number, provider: ProviderKind): EstateSpec {
  const mix = mixOf(n);
  const configurations = ACCOUNTS.map((a, i) => ({ name: `cfg-${i}`, ...a }));
  const { bridges, numbers } = bridgesAndNumbers(mix.bridges, mix.numbers);
  const trunks = Array.from({ length: mix.trunks }, (_, i) => ({
    name: `trunk-${i}`,
    sipUrl: `sip${i}.bench.example`,
    transport: i % 2 === 0 ? "tls" : "udp",
    port: i % 2 === 0 ? "5061" : "5060",
    authUsername: `bench-${i}`,
    allowedIps: [`203.0.113.${(i % 250) + 1}`, `198.51.100.0/24`],
  }));
  return { provider, configurations, bridges, numbers, trunks };
}

export { phoneNumber as benchPhoneNumber };

/** The same estate with each bridge's numbers as one `BridgeNumbers` set instead of a `BridgeNumber` each. */
export function asSets(links: EstateSpec): EstateSpec {
  const byBridge = new Map<string, { configuration: string; phoneNumber: string }[]>();
  for (const n of links.numbers) {
    const list = byBridge.get(n.bridge) ?? [];
    list.push({ configuration: n.configuration, phoneNumber: n.phoneNumber });
    byBridge.set(n.bridge, list);
  }
  const sets = [...byBridge].map(([bridge, numbers]) => ({ name: `${bridge}-numbers`, bridge, numbers }));
  return { ...links, numbers: [], sets };
}

/** Inventory for `maxNumbers` benchmark numbers in the demo organization's accounts (seed once per emulator). */
export function inventorySeed(maxNumbers: number): SeedInput {
  const perAccount = Math.ceil(maxNumbers / ACCOUNTS.length);
  return {
    providerAccounts: ACCOUNTS.map((a, ai) => ({
      organization: "acme",
      provider: a.provider,
      account_sid: a.accountSid,
      numbers: Array.from({ length: perAccount }, (_, i) => phoneNumber(ai, i)),
    })),
  };
}
