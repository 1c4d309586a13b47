import { z } from "zod";
import { TelephonyProvider as PlatformProvider, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** A telephony provider of the platform's catalogue; `slug` is what `ProviderConfiguration.provider` takes. */
export const TelephonyProvider = view(
  PlatformProvider,
  { id: "TelephonyProvider", description: "A telephony provider of the platform's catalogue." },
  {
    id: "The provider's id.",
    name: "The provider's name.",
    slug: "The provider's slug: what `ProviderConfiguration.provider` takes.",
  },
);
export type TelephonyProvider = z.infer<typeof TelephonyProvider>;

/** Lists the telephony provider catalogue. */
export async function listProviders(client: VoiceClient): Promise<TelephonyProvider[]> {
  return (await client.providers.list()).data.map((p) => seen(TelephonyProvider, p));
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
