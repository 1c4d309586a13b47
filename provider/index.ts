// The Node.js version check runs before anything else loads (undici needs a newer Node than some machines have).
import "./node-version";

export { Bridge, type BridgeArgs } from "./bridge";
export { BridgeNumber, type BridgeNumberArgs } from "./bridge-number";
export { resolveSettings, VoiceConfigError, type VoiceSettings } from "./config";
export * from "./data-sources/agents";
export * from "./data-sources/analytics";
export * from "./data-sources/bridges";
export * from "./data-sources/call-records";
export * from "./data-sources/numbers";
export * from "./data-sources/organizations";
export * from "./data-sources/overview";
export * from "./data-sources/provider-configurations";
export * from "./data-sources/providers";
export * from "./data-sources/runs";
export * from "./data-sources/sip-trunks";
export * from "./data-sources/spaces";
export * from "./data-sources/tasks";
export { ProviderConfiguration, type ProviderConfigurationArgs } from "./provider-configuration";
export { SipTrunk, type SipTrunkArgs } from "./sip-trunk";
