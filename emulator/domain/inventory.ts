import type { Bridge, BridgeLink, EmulatorState, PhoneNumber, ProviderConfiguration } from "./state";

// Queries over numbers and bridge links shared by the numbers, bridges, overview and admin modules.

/** The link holding a number, if it sits on a bridge. */
export function linkOfNumber(state: EmulatorState, numberId: number): BridgeLink | undefined {
  return state.links.find((l) => l.number_id === numberId);
}

/** A bridge's links in creation order. */
export function linksOfBridge(state: EmulatorState, bridgeId: number): BridgeLink[] {
  return state.links.filter((l) => l.bridge_id === bridgeId).sort((a, b) => a.id - b.id);
}

/** `ASSIGNED` while linked to a bridge, `NOT_ASSIGNED` otherwise (decision N2). */
export function numberState(state: EmulatorState, number: PhoneNumber): "ASSIGNED" | "NOT_ASSIGNED" {
  return linkOfNumber(state, number.id) === undefined ? "NOT_ASSIGNED" : "ASSIGNED";
}

/** The number with this E.164 value in a configuration's provider account, if any (decision B7). */
export function numberInAccount(
  state: EmulatorState,
  configuration: ProviderConfiguration,
  e164: string,
): PhoneNumber | undefined {
  return state.numbers.find(
    (n) =>
      n.number === e164 &&
      n.organization === configuration.organization &&
      n.provider === configuration.provider &&
      n.account_sid === configuration.account_sid,
  );
}

/** The number record of a link (links only ever point at existing numbers). */
export function numberOfLink(state: EmulatorState, link: BridgeLink): PhoneNumber {
  const number = state.numbers.find((n) => n.id === link.number_id);
  if (number === undefined) throw new Error(`link ${link.id} points at missing number ${link.number_id}`);
  return number;
}

/** The provider slug of a bridge: that of its first link's configuration, `null` when unlinked (B4). */
export function bridgeProvider(state: EmulatorState, bridge: Bridge): string | null {
  const first = linksOfBridge(state, bridge.id)[0];
  if (first === undefined) return null;
  return state.configurations.find((c) => c.id === first.configuration_id)?.provider ?? null;
}

/** Remove every link of a bridge (dashboard delete, decision: admin unlinks first). */
export function unlinkBridge(state: EmulatorState, bridgeId: number): void {
  state.links = state.links.filter((l) => l.bridge_id !== bridgeId);
}

/** Remove every link made through a configuration. */
export function unlinkConfiguration(state: EmulatorState, configurationId: number): void {
  state.links = state.links.filter((l) => l.configuration_id !== configurationId);
}
