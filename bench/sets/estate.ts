// The estates of the set-form benchmark: the same numbers, bridges, trunks and configurations as the
// per-link estate, with each bridge's numbers declared as one `BridgeNumbers` set.
import {
  asSets,
  bridgesAndNumbers,
  type EstateSpec,
  estate,
  type Mix,
  mixOf,
  type ProviderKind,
} from "../../estate/estate";

/** Which estate a set step declares. */
export interface SetEstateShape {
  /** `mix`: the per-link benchmark's mix of N; `organization`: numbers on `bridges` bridges, a trunk per bridge. */
  kind: "mix" | "organization";
  /** N of the mix, or the numbers of the organization. */
  size: number;
}

/** The 10,000-number organization: 100 bridges of 100 numbers, 100 trunks, the two configurations. */
const ORGANIZATION_BRIDGES = 100;

/** How many of each type the shape holds (numbers, not sets: a set per bridge). */
export function setMixOf(shape: SetEstateShape): Mix {
  if (shape.kind === "mix") return mixOf(shape.size);
  // 100 numbers a bridge, up to ORGANIZATION_BRIDGES (a smaller organization for a quick run).
  const bridges = Math.max(1, Math.min(ORGANIZATION_BRIDGES, Math.round(shape.size / 100)));
  return { configurations: 2, bridges, numbers: shape.size, trunks: bridges };
}

/** The per-link estate of the shape (numbers as `BridgeNumber`s). */
export function linkEstate(shape: SetEstateShape, provider: ProviderKind): EstateSpec {
  if (shape.kind === "mix") return estate(shape.size, provider);
  const mix = setMixOf(shape);
  // Trunks and configurations as the mix declares them; bridges and numbers of the organization's counts.
  const base = estate(mix.trunks * 10, provider);
  const { bridges, numbers } = bridgesAndNumbers(mix.bridges, mix.numbers);
  return { ...base, bridges, numbers, trunks: base.trunks.slice(0, mix.trunks) };
}

/** The set form: one `BridgeNumbers` per bridge holding that bridge's numbers, and no `BridgeNumber`. */
export const setEstate = (shape: SetEstateShape, provider: ProviderKind): EstateSpec =>
  asSets(linkEstate(shape, provider));

/** `10,000 numbers on 100 bridges` or `N = 1,000`, for tables. */
export const shapeLabel = (s: SetEstateShape): string =>
  s.kind === "mix" ? `N = ${s.size.toLocaleString("en-US")}` : `${s.size.toLocaleString("en-US")} numbers`;
