import { z } from "zod";
import { OverviewRow as PlatformOverviewRow, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** One row of the telephony overview: how a number is connected. */
export const OverviewRow = view(
  PlatformOverviewRow,
  { id: "OverviewRow", description: "One row of the telephony overview: how a number is connected." },
  {
    number_id: "The number's id.",
    number: "The number in E.164 form.",
    bridge_slug: "The slug of the bridge the number is on.",
    connection_state: "How far the number is connected.",
    termination_kind: "Where the bridge ends: an agent or a SIP trunk.",
    agent_id: "The agent the number reaches.",
    sync_state: "The state of the platform's last sync of the number.",
    sync_detail: "The platform's free-form detail of that sync.",
  },
);
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
  return rows.data.map((r) => seen(OverviewRow, r));
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
