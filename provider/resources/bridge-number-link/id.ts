import { stripPhoneSeparators } from "../../../sdk";
import type { BridgeNumberInputs } from "./schema";

/** What a link's resource id is made of: its identity, which no move changes. */
export type BridgeNumberIds = Pick<BridgeNumberInputs, "providerConfigurationId" | "phoneNumber">;

/** A resource id read back: its identity, and the bridge an id of the first form names. */
export interface ParsedBridgeNumberId extends BridgeNumberIds {
  /**
   * The bridge the link was made on, named by ids of the form `<bridgeSlug>/<configurationId>/<number>`
   * that earlier versions wrote: after a move it is not where the link is, so it is a hint only.
   */
  madeOn?: string;
}

/**
 * The resource id: `<providerConfigurationId>/<phoneNumber>`. It names no bridge: a number sits on one
 * bridge at a time, and a move (a change of bridge, made in place) cannot change an id.
 */
export const bridgeNumberId = (i: BridgeNumberIds): string => `${i.providerConfigurationId}/${i.phoneNumber}`;

/**
 * The parts of a resource id, as {@link bridgeNumberId} writes them or as earlier versions did
 * (`<bridgeSlug>/<providerConfigurationId>/<phoneNumber>`); `undefined` for anything else.
 */
export function parseBridgeNumberId(id: string): ParsedBridgeNumberId | undefined {
  const parts = id.split("/");
  if (parts.length !== 2 && parts.length !== 3) return undefined;
  const [configId = "", number = ""] = parts.slice(-2);
  const madeOn = parts.length === 3 ? parts[0] : undefined;
  const phoneNumber = stripPhoneSeparators(number);
  if (!/^[1-9]\d*$/.test(configId) || phoneNumber === "" || madeOn === "") return undefined;
  return {
    providerConfigurationId: Number(configId),
    phoneNumber,
    ...(madeOn === undefined ? {} : { madeOn }),
  };
}
