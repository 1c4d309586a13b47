import type { ResourceDescriptor } from "../../runtime/descriptor";
import { BRIDGE_EXPORT } from "./export";
import { bridgeTouches } from "./impact";
import { BRIDGE_KEY } from "./key";
import { bridgeCode } from "./runtime";
import { BridgeInputs, BridgeOutputs } from "./schema";

/** `Bridge`: its id is the slug, the platform's key for a bridge. */
export const BRIDGE: ResourceDescriptor<"Bridge", typeof BRIDGE_EXPORT> = {
  type: "Bridge",
  description: "A bridge: the platform object that routes calls from phone numbers to an agent.",
  inputs: BridgeInputs,
  outputs: BridgeOutputs,
  naming: { noun: "bridge", id: "the slug" },
  key: BRIDGE_KEY,
  code: bridgeCode,
  // Only the slug, the platform's key, replaces; the name updates in place.
  replaceOn: ["slug"],
  exported: BRIDGE_EXPORT,
  touches: bridgeTouches,
};
