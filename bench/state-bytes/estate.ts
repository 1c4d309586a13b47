// The small estate whose checkpoint is measured type by type: 2 configurations, 2 bridges, 2 trunks,
// the first bridge's 20 numbers as `BridgeNumber` links and the second's as one `BridgeNumbers` set.
import type { EstateSpec, ProviderKind } from "../../estate/estate";
import { asSets } from "../../estate/estate";
import { NUMBERS_PER_BRIDGE, sameEstate } from "../same-estate/estate";

/** Numbers the emulator is seeded with: both bridges' numbers. */
export const BYTES_ESTATE_NUMBERS = 2 * NUMBERS_PER_BRIDGE;

/** Every type of the provider once at least, links and a set side by side. */
export function bytesEstate(provider: ProviderKind): EstateSpec {
  const all = sameEstate(BYTES_ESTATE_NUMBERS, provider);
  const [linked] = all.bridges;
  const links = all.numbers.filter((n) => n.bridge === linked?.name);
  const { sets = [] } = asSets({ ...all, numbers: all.numbers.filter((n) => n.bridge !== linked?.name) });
  return { ...all, numbers: links, sets };
}
