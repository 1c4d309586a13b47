// One estate for every tool of the comparison with OpenTofu (bench/same-estate/main.ts): 2
// configurations, a bridge per 20 numbers, a trunk per bridge, every number linked. The Pulumi sides
// declare it per link or as one set per bridge, OpenTofu one restapi object per resource
// (bench/same-estate/tofu-config.ts); all from the same `EstateSpec`, against an emulator seeded the same way.
import {
  asSets,
  bridgesAndNumbers,
  type EstateSpec,
  estate,
  type Mix,
  type ProviderKind,
} from "../../estate/estate";
import { describeMix } from "../harness/describe-mix";

/** Numbers linked to each bridge. */
export const NUMBERS_PER_BRIDGE = 20;

/** The counts of the estate of `numbers` numbers. */
export function sameMix(numbers: number): Mix {
  const bridges = Math.max(1, Math.ceil(numbers / NUMBERS_PER_BRIDGE));
  return { configurations: 2, bridges, numbers, trunks: bridges };
}

/** The estate of `numbers` numbers, one `BridgeNumber` per number (numbers fill the bridges in turn). */
export function sameEstate(numbers: number, provider: ProviderKind): EstateSpec {
  const mix = sameMix(numbers);
  const base = estate(mix.trunks * 10, provider);
  const { bridges, numbers: links } = bridgesAndNumbers(mix.bridges, mix.numbers);
  return { ...base, bridges, numbers: links, trunks: base.trunks.slice(0, mix.trunks) };
}

/** The estate in a side's form. */
export const sameEstateAs = (numbers: number, provider: ProviderKind, form: "sets" | "links"): EstateSpec =>
  form === "sets" ? asSets(sameEstate(numbers, provider)) : sameEstate(numbers, provider);

export const describeSameEstate = (numbers: number): string =>
  `${describeMix(sameMix(numbers))} (${NUMBERS_PER_BRIDGE} numbers a bridge)`;
