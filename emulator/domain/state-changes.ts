import type { Bridge, BridgeLink, EmulatorState, ProviderConfiguration, Trunk } from "./state";
import { indexOf } from "./state-index";
import { noteRemoval } from "./table-removals";

// The only ways bridges, links, configurations and trunks enter or leave a live state: each
// changes the array the state file holds and the index the requests read, together. Call them
// inside `Store.write`, after validating.

export function addBridge(state: EmulatorState, bridge: Bridge): void {
  state.bridges.push(bridge);
  indexOf(state).addBridge(bridge);
}

/** Remove a bridge and every link it still has (the API refuses that; the dashboard does it). */
export function removeBridge(state: EmulatorState, bridge: Bridge): void {
  for (const link of [...(indexOf(state).linksByBridge.get(bridge.id)?.values() ?? [])]) {
    removeLink(state, link);
  }
  noteRemoval(state, "bridges", bridge);
  indexOf(state).deleteBridge(bridge);
}

export function addLink(state: EmulatorState, link: BridgeLink): void {
  state.links.push(link);
  indexOf(state).addLink(link);
}

export function removeLink(state: EmulatorState, link: BridgeLink): void {
  noteRemoval(state, "links", link);
  indexOf(state).deleteLink(link);
}

export function addConfiguration(state: EmulatorState, configuration: ProviderConfiguration): void {
  state.configurations.push(configuration);
  indexOf(state).addConfiguration(configuration);
}

/** Remove a configuration and every link made through it (the API refuses that; the dashboard does it). */
export function removeConfiguration(state: EmulatorState, configuration: ProviderConfiguration): void {
  for (const link of [...(indexOf(state).linksByConfiguration.get(configuration.id)?.values() ?? [])]) {
    removeLink(state, link);
  }
  noteRemoval(state, "configurations", configuration);
  indexOf(state).deleteConfiguration(configuration);
}

export function addTrunk(state: EmulatorState, trunk: Trunk): void {
  state.trunks.push(trunk);
  indexOf(state).addTrunk(trunk);
}

export function removeTrunk(state: EmulatorState, trunk: Trunk): void {
  noteRemoval(state, "trunks", trunk);
  indexOf(state).deleteTrunk(trunk);
}
