export { bridge as Bridge } from "./bridge";
export { bridgeNumber as BridgeNumber } from "./bridge-number";
export { configure } from "./context";
export { providerConfiguration as ProviderConfiguration } from "./provider-configuration";
export { sipTrunk as SipTrunk } from "./sip-trunk";
