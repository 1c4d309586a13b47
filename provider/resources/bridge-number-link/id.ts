import type { BridgeNumberInputs } from "./schema";

/** What a link's resource id is made of. */
export type BridgeNumberIds = Pick<
  BridgeNumberInputs,
  "bridgeSlug" | "providerConfigurationId" | "phoneNumber"
>;

/** The resource id: `<bridgeSlug>/<providerConfigurationId>/<phoneNumber>`, so `get` can rebuild the inputs. */
export const bridgeNumberId = (i: BridgeNumberIds): string =>
  `${i.bridgeSlug}/${i.providerConfigurationId}/${i.phoneNumber}`;

/** The parts of a resource id, as {@link bridgeNumberId} writes them. */
export function parseBridgeNumberId(id: string): BridgeNumberIds {
  const [bridgeSlug = "", configId = "", number = ""] = id.split("/");
  return { bridgeSlug, providerConfigurationId: Number(configId), phoneNumber: number };
}
