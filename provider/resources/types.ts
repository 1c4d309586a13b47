import { BridgeInputs, BridgeNaming, BridgeOutputs } from "./bridge";
import { BridgeNumberInputs, BridgeNumberNaming, BridgeNumberOutputs } from "./bridge-number";
import {
  ProviderConfigurationInputs,
  ProviderConfigurationNaming,
  ProviderConfigurationOutputs,
} from "./provider-configuration";
import { SipTrunkInputs, SipTrunkNaming, SipTrunkOutputs } from "./sip-trunk";

/**
 * The four resource types, each with its inputs (after check), the outputs state records and how
 * messages name it: the one declaration the program classes, the engine-side code and the package
 * schema all read.
 */
export const RESOURCE_TYPES = {
  ProviderConfiguration: {
    inputs: ProviderConfigurationInputs,
    outputs: ProviderConfigurationOutputs,
    naming: ProviderConfigurationNaming,
  },
  Bridge: { inputs: BridgeInputs, outputs: BridgeOutputs, naming: BridgeNaming },
  BridgeNumber: { inputs: BridgeNumberInputs, outputs: BridgeNumberOutputs, naming: BridgeNumberNaming },
  SipTrunk: { inputs: SipTrunkInputs, outputs: SipTrunkOutputs, naming: SipTrunkNaming },
} as const;

/** A resource type's name, e.g. `Bridge`. */
export type ResourceType = keyof typeof RESOURCE_TYPES;
