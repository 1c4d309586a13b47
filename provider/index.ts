// The Node.js version check runs before anything else loads (undici needs a newer Node than some machines have).
import "./entry/node-version";

export { resolveSettings, VoiceConfigError, type VoiceSettings } from "./connection/config";
export * from "./program/data-sources/agents";
export * from "./program/data-sources/analytics";
export * from "./program/data-sources/bridges";
export * from "./program/data-sources/call-records";
export * from "./program/data-sources/numbers";
export * from "./program/data-sources/organizations";
export * from "./program/data-sources/overview";
export * from "./program/data-sources/provider-configurations";
export * from "./program/data-sources/providers";
export * from "./program/data-sources/runs";
export * from "./program/data-sources/sip-trunks";
export * from "./program/data-sources/spaces";
export * from "./program/data-sources/tasks";
export { Bridge, type BridgeArgs } from "./resources/bridge/program";
export { BridgeNumber, type BridgeNumberArgs } from "./resources/bridge-number-link/program";
export {
  BridgeNumbers,
  type BridgeNumbersArgs,
  type BridgeNumbersNumberArgs,
} from "./resources/bridge-number-set/program";
export {
  ProviderConfiguration,
  type ProviderConfigurationArgs,
} from "./resources/provider-configuration/program";
export { SipTrunk, type SipTrunkArgs } from "./resources/sip-trunk/program";
