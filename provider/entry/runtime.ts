// The package's `./runtime` entry (what the serialized providers load in the dynamic-provider host): the
// Node.js version check first, then the engine-side code of each resource type, by its type name.
import "../node-version";

export { configure } from "../context-cache";
export { bridge as Bridge } from "../resources/bridge/runtime";
export { bridgeNumber as BridgeNumber } from "../resources/bridge-number/runtime";
export { providerConfiguration as ProviderConfiguration } from "../resources/provider-configuration/runtime";
export { sipTrunk as SipTrunk } from "../resources/sip-trunk/runtime";
