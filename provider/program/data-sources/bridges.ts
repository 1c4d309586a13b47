import { dataSource } from "../data-source";

/** A bridge as the platform lists it. */
export interface BridgeSummary {
  id: number;
  name: string;
  slug: string;
  provider: string | null;
  numbers: { id: number; number: string; status: string | null }[];
}

const bridges = dataSource<object, BridgeSummary[]>("getBridges", async (client) =>
  (await client.bridges.list()).data.map((b) => ({
    id: b.id,
    name: b.name,
    slug: b.slug,
    provider: b.provider ?? null,
    numbers: (b.numbers ?? []).map((n) => ({ id: n.id, number: n.number, status: n.status ?? null })),
  })),
);

/** Lists the organization's bridges. */
export const getBridges = bridges.get;
/** {@link getBridges} as an Output. */
export const getBridgesOutput = bridges.getOutput;
