import type { ResourceDescriptor } from "../../runtime/descriptor";
import { BRIDGE_NUMBER_EXPORT } from "./export";
import { bridgeNumberTouches } from "./impact";
import { BRIDGE_NUMBER_KEY } from "./key";
import { bridgeNumberCode } from "./runtime";
import { BridgeNumberInputs, BridgeNumberOutputs } from "./schema";

/** `BridgeNumber`: a number linked to a bridge, its id `<providerConfigurationId>/<phoneNumber>`. */
export const BRIDGE_NUMBER: ResourceDescriptor<"BridgeNumber", typeof BRIDGE_NUMBER_EXPORT> = {
  type: "BridgeNumber",
  description:
    "A phone number of a provider configuration linked to a bridge; the id is `<providerConfigurationId>/<phoneNumber>` (a number sits on one bridge at a time, and a move keeps the id); an id of the earlier form `<bridgeSlug>/<providerConfigurationId>/<phoneNumber>` is read too.",
  inputs: BridgeNumberInputs,
  outputs: BridgeNumberOutputs,
  naming: { noun: "bridge number link", id: "<configurationId>/<E.164 number>" },
  key: BRIDGE_NUMBER_KEY,
  code: bridgeNumberCode,
  // The number and its configuration are identity, and a number sits on one bridge at a time: the old
  // link goes before the new one is made. A change of bridge is a move, made in place by update (one
  // disconnect, then one connect, in one call), so the number is off every bridge for one round trip.
  replaceOn: ["providerConfigurationId", "phoneNumber"],
  deleteBeforeReplace: true,
  exported: BRIDGE_NUMBER_EXPORT,
  touches: bridgeNumberTouches,
};
