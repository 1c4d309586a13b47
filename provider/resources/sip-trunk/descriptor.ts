import type { ResourceDescriptor } from "../../runtime/descriptor";
import { SIP_TRUNK_EXPORT } from "./export";
import { sipTrunkTouches } from "./impact";
import { SIP_TRUNK_KEY } from "./key";
import { sipTrunkCode } from "./runtime";
import { SipTrunkInputs, SipTrunkOutputs } from "./schema";

/** `SipTrunk`: its id is the platform's numeric id. */
export const SIP_TRUNK: ResourceDescriptor<"SipTrunk", typeof SIP_TRUNK_EXPORT> = {
  type: "SipTrunk",
  description: "A SIP trunk of the organization: where the platform sends and receives SIP calls.",
  inputs: SipTrunkInputs,
  outputs: SipTrunkOutputs,
  naming: { noun: "SIP trunk", id: "the trunk id" },
  key: SIP_TRUNK_KEY,
  code: sipTrunkCode,
  // A trunk with a user name has a password; one without may have none, so there an absent password
  // stays a real "none" and adding one is a change.
  holdsSecrets: (olds) => olds.authUsername !== undefined && olds.authUsername !== null,
  // Every field updates in place (PATCH): nothing forces a replacement.
  replaceOn: [],
  exported: SIP_TRUNK_EXPORT,
  touches: sipTrunkTouches,
};
