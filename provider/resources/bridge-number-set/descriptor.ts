import type { ResourceDescriptor } from "../../runtime/descriptor";
import { BRIDGE_NUMBERS_EXPORT } from "./export";
import { bridgeNumbersTouches } from "./impact";
import { BRIDGE_NUMBERS_KEY } from "./key";
import { bridgeNumbersCode } from "./runtime";
import { BridgeNumbersInputs, BridgeNumbersOutputs } from "./schema";

/** `BridgeNumbers`: every number of one bridge as one resource, its id the bridge's slug. */
export const BRIDGE_NUMBERS: ResourceDescriptor<"BridgeNumbers", typeof BRIDGE_NUMBERS_EXPORT> = {
  type: "BridgeNumbers",
  description:
    "The authoritative set of a bridge's numbers: numbers on the bridge but not declared are disconnected; the id is the bridge's slug.",
  inputs: BridgeNumbersInputs,
  outputs: BridgeNumbersOutputs,
  naming: { noun: "bridge number set", id: "the bridge's slug" },
  key: BRIDGE_NUMBERS_KEY,
  code: bridgeNumbersCode,
  // The bridge is identity (a set moved to another bridge is a new set); a number sits on one bridge
  // at a time, so the old set lets go before the new one connects.
  replaceOn: ["bridgeSlug"],
  deleteBeforeReplace: true,
  exported: BRIDGE_NUMBERS_EXPORT,
  touches: bridgeNumbersTouches,
};
