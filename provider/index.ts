// The Node.js version check runs before anything else loads (undici needs a newer Node than some machines have).
import "./node-version";

export { resolveSettings, VoiceConfigError, type VoiceSettings } from "./config";
export { Bridge, type BridgeArgs } from "./program/bridge";
export { BridgeNumber, type BridgeNumberArgs } from "./program/bridge-number";
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
export { ProviderConfiguration, type ProviderConfigurationArgs } from "./program/provider-configuration";
export { SipTrunk, type SipTrunkArgs } from "./program/sip-trunk";
