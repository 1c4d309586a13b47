import { dataSource } from "../data-source";

/** One row of the telephony overview: how a number is connected. */
export interface OverviewRow {
  numberId: number;
  number: string;
  bridgeSlug: string | null;
  connectionState: string;
  terminationKind: string | null;
  agentId: string | number | null;
  syncState: string | null;
  syncDetail: unknown;
}

/** Arguments of {@link getOverview}. */
export interface GetOverviewArgs {
  /** `Product-ID` header; defaults to `voice:productId`. */
  productId?: string;
}

const overview = dataSource<GetOverviewArgs, OverviewRow[]>("getOverview", async (client, args) => {
  const rows = await client.overview.list(undefined, args.productId ? { productId: args.productId } : {});
  return rows.data.map((r) => ({
    numberId: r.number_id,
    number: r.number,
    bridgeSlug: r.bridge_slug ?? null,
    connectionState: r.connection_state,
    terminationKind: r.termination_kind ?? null,
    agentId: r.agent_id ?? null,
    syncState: r.sync_state ?? null,
    syncDetail: r.sync_detail ?? null,
  }));
});

/** The per-number telephony overview of the organization. */
export const getOverview = overview.get;
/** {@link getOverview} as an Output. */
export const getOverviewOutput = overview.getOutput;
