import { z } from "zod";
import { BridgeListNumber, Bridge as PlatformBridge, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** A number on a bridge, as the bridge lists it. */
const BridgeSummaryNumber = view(
  BridgeListNumber,
  { id: "BridgeSummaryNumber", description: "A number on a bridge, as the bridge lists it." },
  {
    id: "The number's id.",
    number: "The number in E.164 form.",
    status: "The number's status on the bridge.",
  },
);

/** A bridge as the platform lists it. */
export const BridgeSummary = view(
  PlatformBridge,
  { id: "BridgeSummary", description: "A bridge as the platform lists it." },
  {
    id: "The bridge's id.",
    name: "The bridge's name.",
    slug: "The bridge's slug.",
    provider: "The provider of the bridge's numbers.",
    numbers: z.array(BridgeSummaryNumber).describe("The numbers on the bridge."),
  },
);
export type BridgeSummary = z.infer<typeof BridgeSummary>;

/** Lists the organization's bridges. */
export async function listBridges(client: VoiceClient): Promise<BridgeSummary[]> {
  return (await client.bridges.list()).data.map((b) => seen(BridgeSummary, b));
}

export const bridgeLookups = [
  lookup({
    name: "getBridges",
    description: "Lists the organization's bridges.",
    args: z.object({}),
    output: BridgeSummary,
    many: true,
    run: listBridges,
  }),
];
