import { dataSource } from "../data-source";

/** A telephony provider of the platform's catalogue; `slug` is what `ProviderConfiguration.provider` takes. */
export interface TelephonyProvider {
  id: number;
  name: string;
  slug: string;
}

const providers = dataSource<object, TelephonyProvider[]>("getProviders", async (client) =>
  (await client.providers.list()).data.map((p) => ({ id: p.id, name: p.name, slug: p.slug })),
);

/** Lists the telephony provider catalogue. */
export const getProviders = providers.get;
/** {@link getProviders} as an Output. */
export const getProvidersOutput = providers.getOutput;
