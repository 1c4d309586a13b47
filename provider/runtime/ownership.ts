import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { VoiceClient } from "../../sdk";
import type { VoiceContext } from "../context";
import { isUnknown, normalizePhoneNumber } from "../fields";

/** The resource types whose natural key the platform keeps unique. */
export type OwnedType = "Bridge" | "ProviderConfiguration" | "SipTrunk" | "BridgeNumber";

/** Who holds a natural key on the platform, in words (e.g. `id 12`, `bridge "support"`), and the bridge for links. */
export interface Holder {
  what: string;
  bridgeSlug?: string;
}

type Listing = ReadonlyMap<string, Holder>;

/**
 * The natural keys taken on the platform, each type listed once per process when a `check` of a new
 * key first needs it (so `preview` stays a constant number of requests), and the keys found taken
 * then: a record found later under such a key is somebody else's, never the answer to a lost create.
 */
export class TakenKeys {
  readonly #listings = new Map<string, Promise<Listing>>();
  readonly #takenAtCheck = new Set<string>();

  constructor(private readonly client: () => Promise<VoiceClient>) {}

  /** The holder of `key`, or `undefined` when it is free or the platform could not be asked. */
  async holder(type: OwnedType, key: string): Promise<Holder | undefined> {
    let listing: Listing;
    try {
      listing = await this.#listing(type);
    } catch {
      // Unreachable at preview: the create will meet the platform's own answer instead.
      return undefined;
    }
    const holder = listing.get(`${type} ${key}`);
    if (holder) this.#takenAtCheck.add(`${type} ${key}`);
    return holder;
  }

  /** Whether `check` found the key taken in this process. */
  wasTaken(type: OwnedType, key: string): boolean {
    return this.#takenAtCheck.has(`${type} ${key}`);
  }

  #listing(type: OwnedType): Promise<Listing> {
    // Bridges and links come from one list: each bridge carries its numbers.
    const source = type === "BridgeNumber" ? "Bridge" : type;
    let listing = this.#listings.get(source);
    if (!listing) {
      listing = this.#read(source);
      listing.catch(() => this.#listings.delete(source));
      this.#listings.set(source, listing);
    }
    return listing;
  }

  /** Every key of one list, as `<type> <key>`. */
  async #read(source: OwnedType): Promise<Listing> {
    const client = await this.client();
    const entries: [string, Holder][] = [];
    if (source === "Bridge") {
      for (const b of (await client.bridges.list()).data) {
        entries.push([`Bridge ${b.slug}`, { what: `id ${b.id}` }]);
        for (const n of b.numbers) {
          const holder = { what: `bridge "${b.slug}"`, bridgeSlug: b.slug };
          entries.push([`BridgeNumber ${normalizePhoneNumber(n.number)}`, holder]);
        }
      }
    } else if (source === "ProviderConfiguration") {
      for (const c of (await client.providerConfigurations.list()).data) {
        entries.push([
          `ProviderConfiguration ${c.account_sid}`,
          { what: `id ${c.id}, provider ${c.provider}` },
        ]);
      }
    } else {
      for (const t of (await client.trunks.list()).data)
        entries.push([`SipTrunk ${t.name}`, { what: `id ${t.id}` }]);
    }
    return new Map(entries);
  }
}

const registry = new WeakMap<VoiceContext, TakenKeys>();

/** Starts a new record for a context (a new run against a platform whose contents changed meanwhile). */
export function forgetTakenKeys(context: VoiceContext): void {
  registry.delete(context);
}

/** The taken-keys record of a context (one per configured connection). */
export function takenKeys(context: VoiceContext): TakenKeys {
  let keys = registry.get(context);
  if (!keys) {
    keys = new TakenKeys(() => context.ready());
    registry.set(context, keys);
  }
  return keys;
}

/** What `check` needs to know of one resource's natural key. */
export interface KeyCheck {
  type: OwnedType;
  /** The input property that carries the key. */
  property: string;
  /** The declared key (normalized), or the engine's unknown placeholder at preview. */
  key: unknown;
  /** The key recorded in state before (`undefined` for a resource not created yet). */
  previous: unknown;
  /** The program's `adopt` setting. */
  adopt: unknown;
  /** For links: the bridge the program puts the number on. */
  bridgeSlug?: unknown;
}

/**
 * Fails `check` when a new natural key is already taken on the platform and the program did not say
 * `adopt`: two stacks (or a stack and the dashboard) must never silently share a resource.
 */
export async function ownershipFailure(
  context: VoiceContext,
  spec: KeyCheck,
): Promise<dynamic.CheckFailure | undefined> {
  const { type, key, previous, adopt } = spec;
  if (typeof key !== "string" || isUnknown(key) || key === previous) return undefined;
  const holder = await takenKeys(context).holder(type, key);
  if (!holder) return undefined;
  if (type === "BridgeNumber") {
    if (adopt && (holder.bridgeSlug === spec.bridgeSlug || isUnknown(spec.bridgeSlug))) return undefined;
    return {
      property: spec.property,
      reason:
        `${key} is already linked to ${holder.what} (by another stack, the dashboard, or a link of this ` +
        "program under another resource name). A number sits on one bridge at a time: to move it in this " +
        "program, name the BridgeNumber by its phone number so the move replaces the link, or keep the old " +
        'name with `aliases: [{ name: "<old name>" }]`',
    };
  }
  if (adopt) return undefined;
  return {
    property: spec.property,
    reason:
      `${DESCRIBE[type]} "${key}" already exists on the platform (${holder.what}) and is not in this stack: ` +
      "another stack or the dashboard manages it. Take it over with `adopt: true` (see the README, " +
      `"Adopting existing resources"), or choose another ${spec.property}`,
  };
}

const DESCRIBE: Record<OwnedType, string> = {
  Bridge: "bridge slug",
  ProviderConfiguration: "provider configuration for account",
  SipTrunk: "SIP trunk",
  BridgeNumber: "number",
};
