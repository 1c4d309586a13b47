import { z } from "zod";
import type { VoiceClient } from "../../sdk";
import { lookup } from "./lookup";

/** A number on a bridge, as the bridge lists it. */
export const BridgeSummaryNumber = z
  .object({
    id: z.int().describe("The number's id."),
    number: z.string().describe("The number in E.164 form."),
    status: z.string().nullable().describe("The number's status on the bridge."),
  })
  .meta({ id: "BridgeSummaryNumber", description: "A number on a bridge, as the bridge lists it." });

/** A bridge as the platform lists it. */
export const BridgeSummary = z
  .object({
    id: z.int().describe("The bridge's id."),
    name: z.string().describe("The bridge's name."),
    slug: z.string().describe("The bridge's slug."),
    provider: z.string().nullable().describe("The provider of the bridge's numbers."),
    numbers: z.array(BridgeSummaryNumber).describe("The numbers on the bridge."),
  })
  .meta({ id: "BridgeSummary", description: "A bridge as the platform lists it." });
export type BridgeSummary = z.infer<typeof BridgeSummary>;

/** Lists the organization's bridges. */
export async function listBridges(client: VoiceClient): Promise<BridgeSummary[]> {
  return (await client.bridges.list()).data.map((b) => ({
    id: b.id,
    name: b.name,
    slug: b.slug,
    provider: b.provider ?? null,
    numbers: (b.numbers ?? []).map((n) => ({ id: n.id, number: n.number, status: n.status ?? null })),
  }));
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
