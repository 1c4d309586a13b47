import { z } from "zod";
import type { VoiceClient } from "../../sdk";
import { lookup } from "./lookup";

/** One row of the telephony overview: how a number is connected. */
export const OverviewRow = z
  .object({
    numberId: z.int().describe("The number's id."),
    number: z.string().describe("The number in E.164 form."),
    bridgeSlug: z.string().nullable().describe("The slug of the bridge the number is on."),
    connectionState: z.string().describe("How far the number is connected."),
    terminationKind: z.string().nullable().describe("Where the bridge ends: an agent or a SIP trunk."),
    agentId: z.union([z.string(), z.number()]).nullable().describe("The agent the number reaches."),
    syncState: z.string().nullable().describe("The state of the platform's last sync of the number."),
    syncDetail: z.unknown().describe("The platform's free-form detail of that sync."),
  })
  .meta({ id: "OverviewRow", description: "One row of the telephony overview: how a number is connected." });
export type OverviewRow = z.infer<typeof OverviewRow>;

/** Arguments of {@link listOverview}. */
export const GetOverviewArgs = z.object({
  productId: z.string().optional().describe("`Product-ID` header; defaults to `voice:productId`."),
});
export type GetOverviewArgs = z.infer<typeof GetOverviewArgs>;

/** The per-number telephony overview of the organization. */
export async function listOverview(
  client: VoiceClient,
  args: Partial<GetOverviewArgs>,
): Promise<OverviewRow[]> {
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
}

export const overviewLookups = [
  lookup({
    name: "getOverview",
    description: "Lists bridges with their numbers and agents, one row per link.",
    args: GetOverviewArgs,
    output: OverviewRow,
    many: true,
    run: listOverview,
  }),
];
