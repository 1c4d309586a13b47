import type {
  Agent,
  Bridge,
  BridgeLink,
  EmulatorState,
  Organization,
  PhoneNumber,
  ProviderConfiguration,
  Space,
  TokenGrant,
  Trunk,
} from "./state";
import { settled } from "./table-removals";

// The state's tables are arrays because the state file and `GET /_emulator/state` are arrays; the
// requests find records through these maps instead, so that a request costs the same in an
// organization of 10 numbers and one of 10,000. Every map holds the very records of the arrays
// and keeps them in id order (ids only grow), which is the order every list answers in.
// Organizations, tokens, spaces and agents change only by replacing the whole state (a seed or a
// reset), which makes a new index; so a request costs the same with 1 organization or 1,000.

/** Records of one group (an organization's, a bridge's), by id, in id order. */
export type Group<T> = Map<number, T>;

/** The key of a record unique within an organization (a bridge's slug). */
const scoped = (organization: string, key: string) => `${organization}\u0000${key}`;

function addTo<K, T extends { id: number }>(groups: Map<K, Group<T>>, key: K, record: T): void {
  let group = groups.get(key);
  if (group === undefined) {
    group = new Map();
    groups.set(key, group);
  }
  group.set(record.id, record);
}

function deleteFrom<K, T extends { id: number }>(groups: Map<K, Group<T>>, key: K, record: T): void {
  const group = groups.get(key);
  group?.delete(record.id);
  if (group?.size === 0) groups.delete(key);
}

const byId = <T extends { id: number }>(records: readonly T[]) => [...records].sort((a, b) => a.id - b.id);

/** What one token may use: the organizations' handles, as a set and in organization id order. */
interface GrantView {
  grant: TokenGrant;
  handles: Set<string>;
  ordered: string[];
}

/** Lookups over one state, kept current by the changes in state-changes.ts. */
export class StateIndex {
  readonly organizationByHandle = new Map<string, Organization>();
  readonly #grants = new Map<string, GrantView>();
  /** Spaces by organization, in the state's order. */
  readonly spacesByOrganization = new Map<string, Space[]>();
  readonly spaceByToken = new Map<string, Space>();
  /** Agents by organization, then handle (a handle is unique within its organization). */
  readonly agentsByOrganization = new Map<string, Map<string, Agent>>();
  readonly bridgeById = new Map<number, Bridge>();
  readonly #bridgeBySlug = new Map<string, Bridge>();
  readonly bridgesByOrganization = new Map<string, Group<Bridge>>();
  readonly linksByBridge = new Map<number, Group<BridgeLink>>();
  readonly linkByNumber = new Map<number, BridgeLink>();
  readonly linksByConfiguration = new Map<number, Group<BridgeLink>>();
  readonly numberById = new Map<number, PhoneNumber>();
  /** Numbers by E.164 value; the seed keeps values unique, the first record wins otherwise (as `find` did). */
  readonly numberByValue = new Map<string, PhoneNumber>();
  /** Numbers by owning organization, `null` for the platform's pool. */
  readonly numbersByOrganization = new Map<string | null, Group<PhoneNumber>>();
  readonly configurationById = new Map<number, ProviderConfiguration>();
  readonly configurationsByOrganization = new Map<string, Group<ProviderConfiguration>>();
  readonly trunkById = new Map<number, Trunk>();
  readonly trunksByOrganization = new Map<string, Group<Trunk>>();

  /** The index of a state as it is now (what a state file loads into). */
  static build(state: EmulatorState): StateIndex {
    settled(state);
    const index = new StateIndex();
    const organizations = byId(state.organizations);
    for (const o of organizations) index.organizationByHandle.set(o.domain_handle, o);
    for (const grant of state.tokens) {
      if (index.#grants.has(grant.token)) continue; // the first grant of a token wins, as `find` did
      const handles = new Set(grant.organizations);
      const ordered = organizations.filter((o) => handles.has(o.domain_handle)).map((o) => o.domain_handle);
      index.#grants.set(grant.token, { grant, handles, ordered });
    }
    for (const s of state.spaces) {
      if (!index.spaceByToken.has(s.token)) index.spaceByToken.set(s.token, s);
      const group = index.spacesByOrganization.get(s.organization);
      if (group === undefined) index.spacesByOrganization.set(s.organization, [s]);
      else group.push(s);
    }
    for (const a of state.agents) {
      let group = index.agentsByOrganization.get(a.organization);
      if (group === undefined) {
        group = new Map();
        index.agentsByOrganization.set(a.organization, group);
      }
      if (!group.has(a.handle)) group.set(a.handle, a);
    }
    for (const n of byId(state.numbers)) {
      index.numberById.set(n.id, n);
      if (!index.numberByValue.has(n.number)) index.numberByValue.set(n.number, n);
      addTo(index.numbersByOrganization, n.organization, n);
    }
    for (const c of byId(state.configurations)) index.addConfiguration(c);
    for (const b of byId(state.bridges)) index.addBridge(b);
    for (const l of byId(state.links)) index.addLink(l);
    for (const t of byId(state.trunks)) index.addTrunk(t);
    return index;
  }

  /** The grant of a token, if the platform knows it. */
  grantOf(token: string): TokenGrant | undefined {
    return this.#grants.get(token)?.grant;
  }

  /** Whether a grant lets its token use an organization. */
  mayUse(grant: TokenGrant, handle: string): boolean {
    return this.#grants.get(grant.token)?.handles.has(handle) ?? false;
  }

  /** The handles of the organizations a grant may use, in organization id order. */
  handlesOf(grant: TokenGrant): readonly string[] {
    return this.#grants.get(grant.token)?.ordered ?? [];
  }

  /** The organization's bridge with this slug. */
  bridgeBySlug(organization: string, slug: string): Bridge | undefined {
    return this.#bridgeBySlug.get(scoped(organization, slug));
  }

  addBridge(bridge: Bridge): void {
    this.bridgeById.set(bridge.id, bridge);
    this.#bridgeBySlug.set(scoped(bridge.organization, bridge.slug), bridge);
    addTo(this.bridgesByOrganization, bridge.organization, bridge);
  }

  deleteBridge(bridge: Bridge): void {
    this.bridgeById.delete(bridge.id);
    this.#bridgeBySlug.delete(scoped(bridge.organization, bridge.slug));
    deleteFrom(this.bridgesByOrganization, bridge.organization, bridge);
  }

  addLink(link: BridgeLink): void {
    addTo(this.linksByBridge, link.bridge_id, link);
    this.linkByNumber.set(link.number_id, link);
    addTo(this.linksByConfiguration, link.configuration_id, link);
  }

  deleteLink(link: BridgeLink): void {
    deleteFrom(this.linksByBridge, link.bridge_id, link);
    if (this.linkByNumber.get(link.number_id) === link) this.linkByNumber.delete(link.number_id);
    deleteFrom(this.linksByConfiguration, link.configuration_id, link);
  }

  addConfiguration(configuration: ProviderConfiguration): void {
    this.configurationById.set(configuration.id, configuration);
    addTo(this.configurationsByOrganization, configuration.organization, configuration);
  }

  deleteConfiguration(configuration: ProviderConfiguration): void {
    this.configurationById.delete(configuration.id);
    deleteFrom(this.configurationsByOrganization, configuration.organization, configuration);
  }

  addTrunk(trunk: Trunk): void {
    this.trunkById.set(trunk.id, trunk);
    addTo(this.trunksByOrganization, trunk.organization, trunk);
  }

  deleteTrunk(trunk: Trunk): void {
    this.trunkById.delete(trunk.id);
    deleteFrom(this.trunksByOrganization, trunk.organization, trunk);
  }
}

const indexes = new WeakMap<EmulatorState, StateIndex>();

/** The index of a state, built on first use (a loaded, reset or seeded state is a new object). */
export function indexOf(state: EmulatorState): StateIndex {
  let index = indexes.get(state);
  if (index === undefined) {
    index = StateIndex.build(state);
    indexes.set(state, index);
  }
  return index;
}

/** The records of a group in id order (empty when the group has none). */
export function inOrder<T>(group: Group<T> | undefined): T[] {
  return group === undefined ? [] : [...group.values()];
}
