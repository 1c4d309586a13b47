// Counting under failure: what the platform holds, what the stack records, and what differs.
import type { Stack } from "@pulumi/pulumi/automation";
import type { AdminClient } from "../../emulator";

/** Whatever holds the emulator's admin client: a test's emulator, a benchmark's target. */
type Admin = { admin: AdminClient };

/** Natural keys by type: bridge slug, configuration account, trunk name, link `<slug> <number>`. */
export type Keys = Record<"Bridge" | "ProviderConfiguration" | "SipTrunk" | "BridgeNumber", string[]>;

/** The natural keys of organization `org` on the emulator (duplicates kept, so they can be counted). */
export async function platformKeys(emu: Admin, org = "acme"): Promise<Keys> {
  const s = await emu.admin.state();
  const bridges = s.bridges.filter((b) => b.organization === org);
  const slugOf = new Map(bridges.map((b) => [b.id, b.slug]));
  const numberOf = new Map(s.numbers.map((n) => [n.id, n.number]));
  return {
    Bridge: bridges.map((b) => b.slug),
    ProviderConfiguration: s.configurations.filter((c) => c.organization === org).map((c) => c.account_sid),
    SipTrunk: s.trunks.filter((t) => t.organization === org).map((t) => t.name),
    BridgeNumber: s.links
      .filter((l) => slugOf.has(l.bridge_id))
      .map((l) => `${slugOf.get(l.bridge_id)} ${numberOf.get(l.number_id)}`),
  };
}

/** The natural keys the stack's state records (from each resource's outputs). */
export async function stateKeys(stack: Stack): Promise<Keys & { pending: number }> {
  const { deployment } = await stack.exportStack();
  const keys: Keys = { Bridge: [], ProviderConfiguration: [], SipTrunk: [], BridgeNumber: [] };
  for (const r of deployment.resources ?? []) {
    const type = /voice:(\w+)$/.exec(r.type)?.[1] as keyof Keys | "BridgeNumbers" | undefined;
    const o = r.outputs ?? {};
    if (type === "Bridge") keys.Bridge.push(o.slug);
    if (type === "ProviderConfiguration") keys.ProviderConfiguration.push(o.accountSid);
    if (type === "SipTrunk") keys.SipTrunk.push(o.name);
    if (type === "BridgeNumber") keys.BridgeNumber.push(`${o.bridgeSlug} ${o.phoneNumber}`);
    // A set records each of its bridge's numbers: one link each, counted as BridgeNumber's are.
    if (type === "BridgeNumbers")
      for (const n of o.numbers ?? []) keys.BridgeNumber.push(`${o.bridgeSlug} ${n.phoneNumber}`);
  }
  return { ...keys, pending: (deployment.pending_operations ?? []).length };
}

/** Resources in state, on the platform, orphans (on the platform, not in state), lost (in state, not on the platform), duplicates. */
export interface Census {
  inState: number;
  onPlatform: number;
  orphans: string[];
  lost: string[];
  duplicates: string[];
  pending: number;
}

/** Compares the stack with the platform, type by type. */
export async function census(emu: Admin, stack: Stack): Promise<Census> {
  const [platform, state] = await Promise.all([platformKeys(emu), stateKeys(stack)]);
  const result: Census = {
    inState: 0,
    onPlatform: 0,
    orphans: [],
    lost: [],
    duplicates: [],
    pending: state.pending,
  };
  for (const type of Object.keys(platform) as (keyof Keys)[]) {
    const live = platform[type];
    const recorded = new Set(state[type]);
    result.inState += state[type].length;
    result.onPlatform += live.length;
    result.orphans.push(...live.filter((k) => !recorded.has(k)).map((k) => `${type} ${k}`));
    result.lost.push(...state[type].filter((k) => !live.includes(k)).map((k) => `${type} ${k}`));
    result.duplicates.push(...live.filter((k, i) => live.indexOf(k) !== i).map((k) => `${type} ${k}`));
  }
  return result;
}
