import { listProviders } from "../../lookups/providers";
import { dataSource } from "../data-source";

export type { TelephonyProvider } from "../../lookups/providers";

const providers = dataSource("getProviders", listProviders);

/** Lists the telephony provider catalogue. */
export const getProviders = providers.get;
/** {@link getProviders} as an Output. */
export const getProvidersOutput = providers.getOutput;
