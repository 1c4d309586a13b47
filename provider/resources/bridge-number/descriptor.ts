import type { ResourceDescriptor } from "../../descriptor";
import { replaceOn } from "../replace-on";
import { BRIDGE_NUMBER_EXPORT } from "./export";
import { BRIDGE_NUMBER_KEY } from "./key";
import { BRIDGE_NUMBER_RULES, bridgeNumber } from "./runtime";
import { BridgeNumberInputs, BridgeNumberNaming, BridgeNumberOutputs } from "./schema";

/** `BridgeNumber`: a number linked to a bridge, its id `<bridgeSlug>/<providerConfigurationId>/<phoneNumber>`. */
export const BRIDGE_NUMBER: ResourceDescriptor<"BridgeNumber", typeof BRIDGE_NUMBER_EXPORT> = {
  type: "BridgeNumber",
  description:
    "A phone number of a provider configuration linked to a bridge; the id is `<bridgeSlug>/<providerConfigurationId>/<phoneNumber>`.",
  inputs: BridgeNumberInputs,
  outputs: BridgeNumberOutputs,
  naming: BridgeNumberNaming,
  key: BRIDGE_NUMBER_KEY,
  provider: bridgeNumber,
  heldSecrets: () => [],
  replaceOn: replaceOn(BRIDGE_NUMBER_RULES),
  exported: BRIDGE_NUMBER_EXPORT,
};
