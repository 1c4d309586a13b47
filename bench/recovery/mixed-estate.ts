// The estate the recovery runs declare: estate/estate.ts's mix, with the numbers of every other
// bridge declared as one BridgeNumbers set and the rest link by link, so a recovery meets both forms.
import { type EstateSpec, estate } from "../../estate/estate";

/** An estate with its sets spelled out. */
export type MixedEstate = EstateSpec & { sets: NonNullable<EstateSpec["sets"]> };

/** The estate of `records` platform records, the numbers of every other bridge declared as one set. */
export function mixedEstate(records: number): MixedEstate {
  const all = estate(records, "voice");
  const inSet = (bridge: string) => all.bridges.findIndex((b) => b.name === bridge) % 2 === 0;
  const sets = all.bridges
    .filter((b) => inSet(b.name))
    .map((b) => ({
      name: `${b.name}-numbers`,
      bridge: b.name,
      numbers: all.numbers
        .filter((x) => x.bridge === b.name)
        .map(({ configuration, phoneNumber }) => ({ configuration, phoneNumber })),
    }));
  return { ...all, numbers: all.numbers.filter((x) => !inSet(x.bridge)), sets };
}

/** The resources a mixed estate declares (a set is one, whatever it holds). */
export const resourcesOf = (spec: MixedEstate): number =>
  spec.configurations.length +
  spec.bridges.length +
  spec.trunks.length +
  spec.sets.length +
  spec.numbers.length;
