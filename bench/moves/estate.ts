// The estate of the move-gap benchmark: N numbers on a bridge per 100 (at least two), linked
// through the two provider configurations, declared per link or as one set per bridge; and the
// moves: k numbers spread over the estate, each to the next bridge, and back.
import { ACCOUNTS, type EstateSpec, phoneNumber } from "../../estate/estate";

/** How the program declares the links: a `BridgeNumber` each, or a `BridgeNumbers` per bridge. */
export type Form = "links" | "sets";

/** What bench/moves/program/index.js declares (its `spec.json`); no trunks. */
export interface MoveGapSpec extends EstateSpec {
  form: Form;
}

/** One number a move takes from one bridge to another. */
export interface Move {
  phoneNumber: string;
  from: string;
  to: string;
}

/** Numbers per bridge. */
export const NUMBERS_PER_BRIDGE = 100;

/** Bridges of an estate of `n` numbers: one per 100, at least two (a move needs another bridge). */
export const bridgesOf = (n: number): number => Math.max(2, Math.ceil(n / NUMBERS_PER_BRIDGE));

const slugOf = (b: number) => `move-${b}`;

/** The estate of `n` numbers, declared in `form` for `provider`; bridge of number i: i × bridges / n. */
export function moveGapEstate(n: number, form: Form, provider: "native" | "voice"): MoveGapSpec {
  const bridges = bridgesOf(n);
  return {
    provider,
    form,
    configurations: ACCOUNTS.map((a, i) => ({ name: `cfg-${i}`, ...a })),
    bridges: Array.from({ length: bridges }, (_, b) => ({
      name: `bridge-${b}`,
      bridgeName: `Move bridge ${b}`,
      slug: slugOf(b),
    })),
    numbers: Array.from({ length: n }, (_, i) => ({
      name: `number-${i}`,
      bridge: `bridge-${Math.floor((i * bridges) / n)}`,
      configuration: `cfg-${i % ACCOUNTS.length}`,
      phoneNumber: phoneNumber(i % ACCOUNTS.length, Math.floor(i / ACCOUNTS.length)),
    })),
    trunks: [],
  };
}

/** The slug of a bridge of the spec, by its resource name. */
function slugOfBridge(spec: EstateSpec, name: string): string {
  const bridge = spec.bridges.find((b) => b.name === name);
  if (bridge === undefined) throw new Error(`no bridge ${name} in the estate`);
  return bridge.slug;
}

/**
 * `k` numbers spread evenly over the estate (the middle of each k-th), each moved to the next bridge
 * (the last bridge's to the first): the spec after the move, and the moves.
 */
export function moveSome(spec: MoveGapSpec, k: number): { spec: MoveGapSpec; moves: Move[] } {
  const n = spec.numbers.length;
  const picked = new Set(Array.from({ length: Math.min(k, n) }, (_, j) => Math.floor(((j + 0.5) * n) / k)));
  const moves: Move[] = [];
  const numbers = spec.numbers.map((num, i) => {
    if (!picked.has(i)) return num;
    const b = spec.bridges.findIndex((x) => x.name === num.bridge);
    const to = spec.bridges[(b + 1) % spec.bridges.length]!;
    moves.push({ phoneNumber: num.phoneNumber, from: slugOfBridge(spec, num.bridge), to: to.slug });
    return { ...num, bridge: to.name };
  });
  return { spec: { ...spec, numbers }, moves };
}

/** The moves that take `moves` back where they came from. */
export const reverse = (moves: readonly Move[]): Move[] =>
  moves.map((m) => ({ phoneNumber: m.phoneNumber, from: m.to, to: m.from }));

/** Phone number → bridge slug, as the spec declares. */
export function declaredLinks(spec: EstateSpec): Map<string, string> {
  return new Map(spec.numbers.map((n) => [n.phoneNumber, slugOfBridge(spec, n.bridge)]));
}
