import type { ResourceDescriptor } from "../../descriptor";
import { replaceOn } from "../replace-on";
import { BRIDGE_EXPORT } from "./export";
import { BRIDGE_KEY } from "./key";
import { BRIDGE_RULES, bridge } from "./runtime";
import { BridgeInputs, BridgeNaming, BridgeOutputs } from "./schema";

/** `Bridge`: its id is the slug, the platform's key for a bridge. */
export const BRIDGE: ResourceDescriptor<"Bridge", typeof BRIDGE_EXPORT> = {
  type: "Bridge",
  description: "A bridge: the platform object that routes calls from phone numbers to an agent.",
  inputs: BridgeInputs,
  outputs: BridgeOutputs,
  naming: BridgeNaming,
  key: BRIDGE_KEY,
  provider: bridge,
  heldSecrets: () => [],
  replaceOn: replaceOn(BRIDGE_RULES),
  exported: BRIDGE_EXPORT,
};
