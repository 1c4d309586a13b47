import { z } from "zod";
import type { VoiceClient } from "../../sdk";
import { lookup } from "./lookup";

/** A telephony provider of the platform's catalogue; `slug` is what `ProviderConfiguration.provider` takes. */
export const TelephonyProvider = z
  .object({
    id: z.int().describe("The provider's id."),
    name: z.string().describe("The provider's name."),
    slug: z.string().describe("The provider's slug: what `ProviderConfiguration.provider` takes."),
  })
  .meta({ id: "TelephonyProvider", description: "A telephony provider of the platform's catalogue." });
export type TelephonyProvider = z.infer<typeof TelephonyProvider>;

/** Lists the telephony provider catalogue. */
export async function listProviders(client: VoiceClient): Promise<TelephonyProvider[]> {
  return (await client.providers.list()).data.map((p) => ({ id: p.id, name: p.name, slug: p.slug }));
}

export const providerLookups = [
  lookup({
    name: "getProviders",
    description: "Lists the telephony providers of the platform's catalogue.",
    args: z.object({}),
    output: TelephonyProvider,
    many: true,
    run: listProviders,
  }),
];
