import type { Bridge, BridgeLink, EmulatorState, PhoneNumber, ProviderConfiguration } from "./state";
import { indexOf, inOrder } from "./state-index";

// Queries over numbers and bridge links shared by the numbers, bridges, overview and admin modules.

/** The link holding a number, if it sits on a bridge. */
export function linkOfNumber(state: EmulatorState, numberId: number): BridgeLink | undefined {
  return indexOf(state).linkByNumber.get(numberId);
}

/** A bridge's links in creation order. */
export function linksOfBridge(state: EmulatorState, bridgeId: number): BridgeLink[] {
  return inOrder(indexOf(state).linksByBridge.get(bridgeId));
}

/** `ASSIGNED` while linked to a bridge, `NOT_ASSIGNED` otherwise (decision N2). */
export function numberState(state: EmulatorState, number: PhoneNumber): "ASSIGNED" | "NOT_ASSIGNED" {
  return linkOfNumber(state, number.id) === undefined ? "NOT_ASSIGNED" : "ASSIGNED";
}

/** The number with this E.164 value, if the platform has it. */
export function numberByValue(state: EmulatorState, e164: string): PhoneNumber | undefined {
  return indexOf(state).numberByValue.get(e164);
}

/** The number with this E.164 value in a configuration's provider account, if any (decision B7). */
export function numberInAccount(
  state: EmulatorState,
  configuration: ProviderConfiguration,
  e164: string,
): PhoneNumber | undefined {
  const n = numberByValue(state, e164);
  const inAccount =
    n !== undefined &&
    n.organization === configuration.organization &&
    n.provider === configuration.provider &&
    n.account_sid === configuration.account_sid;
  return inAccount ? n : undefined;
}

/** The number record of a link (links only ever point at existing numbers). */
export function numberOfLink(state: EmulatorState, link: BridgeLink): PhoneNumber {
  const number = indexOf(state).numberById.get(link.number_id);
  if (number === undefined) throw new Error(`link ${link.id} points at missing number ${link.number_id}`);
  return number;
}

/** The bridge a link sits on. */
export function bridgeOfLink(state: EmulatorState, link: BridgeLink): Bridge | undefined {
  return indexOf(state).bridgeById.get(link.bridge_id);
}

/** The provider slug of a bridge: that of its first link's configuration, `null` when unlinked (B4). */
export function bridgeProvider(state: EmulatorState, bridge: Bridge): string | null {
  const links = indexOf(state).linksByBridge.get(bridge.id);
  const first = links?.values().next().value;
  if (first === undefined) return null;
  return indexOf(state).configurationById.get(first.configuration_id)?.provider ?? null;
}

/** The organization's own numbers and the pool's, in id order (decision O6). */
export function numbersVisibleTo(state: EmulatorState, organization: string | undefined): PhoneNumber[] {
  const groups = indexOf(state).numbersByOrganization;
  const pool = inOrder(groups.get(null));
  if (organization === undefined) return pool;
  const own = inOrder(groups.get(organization));
  // Two id-ordered runs merged, so the answer costs what it returns.
  const merged: PhoneNumber[] = [];
  let i = 0;
  let j = 0;
  while (i < pool.length || j < own.length) {
    const a = pool[i];
    const b = own[j];
    if (b === undefined || (a !== undefined && a.id < b.id)) {
      merged.push(a as PhoneNumber);
      i++;
    } else {
      merged.push(b);
      j++;
    }
  }
  return merged;
}
