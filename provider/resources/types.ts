import { BridgeInputs, BridgeOutputs } from "./bridge";
import { BridgeNumberInputs, BridgeNumberOutputs } from "./bridge-number";
import { ProviderConfigurationInputs, ProviderConfigurationOutputs } from "./provider-configuration";
import { SipTrunkInputs, SipTrunkOutputs } from "./sip-trunk";

/**
 * The four resource types, each with its inputs (after check) and the outputs state records: the one
 * declaration the program classes, the engine-side code and the package schema all read.
 */
export const RESOURCE_TYPES = {
  ProviderConfiguration: { inputs: ProviderConfigurationInputs, outputs: ProviderConfigurationOutputs },
  Bridge: { inputs: BridgeInputs, outputs: BridgeOutputs },
  BridgeNumber: { inputs: BridgeNumberInputs, outputs: BridgeNumberOutputs },
  SipTrunk: { inputs: SipTrunkInputs, outputs: SipTrunkOutputs },
} as const;

/** A resource type's name, e.g. `Bridge`. */
export type ResourceType = keyof typeof RESOURCE_TYPES;
