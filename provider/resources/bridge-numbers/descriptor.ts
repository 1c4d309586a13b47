import type { ResourceDescriptor } from "../../descriptor";
import { replaceOn } from "../replace-on";
import { BRIDGE_NUMBERS_EXPORT } from "./export";
import { BRIDGE_NUMBERS_KEY } from "./key";
import { BRIDGE_NUMBERS_RULES, bridgeNumbers } from "./runtime";
import { BridgeNumbersInputs, BridgeNumbersNaming, BridgeNumbersOutputs } from "./schema";

/** `BridgeNumbers`: every number of one bridge as one resource, its id the bridge's slug. */
export const BRIDGE_NUMBERS: ResourceDescriptor<"BridgeNumbers", typeof BRIDGE_NUMBERS_EXPORT> = {
  type: "BridgeNumbers",
  description:
    "The authoritative set of a bridge's numbers: numbers on the bridge but not declared are disconnected; the id is the bridge's slug.",
  inputs: BridgeNumbersInputs,
  outputs: BridgeNumbersOutputs,
  naming: BridgeNumbersNaming,
  key: BRIDGE_NUMBERS_KEY,
  provider: bridgeNumbers,
  heldSecrets: () => [],
  replaceOn: replaceOn(BRIDGE_NUMBERS_RULES),
  exported: BRIDGE_NUMBERS_EXPORT,
};
