import type { ResourceDescriptor } from "../../descriptor";
import { replaceOn } from "../replace-on";
import { SIP_TRUNK_EXPORT } from "./export";
import { SIP_TRUNK_KEY } from "./key";
import { SIP_TRUNK_RULES, sipTrunk } from "./runtime";
import { SipTrunkInputs, SipTrunkNaming, SipTrunkOutputs } from "./schema";

/** `SipTrunk`: its id is the platform's numeric id. */
export const SIP_TRUNK: ResourceDescriptor<"SipTrunk", typeof SIP_TRUNK_EXPORT> = {
  type: "SipTrunk",
  description: "A SIP trunk of the organization: where the platform sends and receives SIP calls.",
  inputs: SipTrunkInputs,
  outputs: SipTrunkOutputs,
  naming: SipTrunkNaming,
  key: SIP_TRUNK_KEY,
  provider: sipTrunk,
  // A trunk with a user name has a password; one without may have none, so there an absent password
  // stays a real "none" and adding one is a change.
  heldSecrets: (olds) =>
    olds.authUsername === undefined || olds.authUsername === null ? [] : ["authPassword"],
  replaceOn: replaceOn(SIP_TRUNK_RULES),
  exported: SIP_TRUNK_EXPORT,
};
