import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { VoiceClient } from "../../sdk";
import type { VoiceContext } from "../context";
import { failed } from "./check";
import { runtimeContext } from "./context";
import { isUnknown, normalizePhoneNumber } from "./fields";
import type { SettleSpec } from "./settle";

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
  readonly #heldByStack = new Set<string>();

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

  /**
   * Records a key this stack's state already holds. A replacement is checked twice in one run:
   * once against the state's inputs, then again with none (as a fresh create), and the second
   * check must not take the stack's own resource for somebody else's.
   */
  markHeld(type: OwnedType, key: string): void {
    this.#heldByStack.add(`${type} ${key}`);
  }

  /** Whether an earlier check of this run saw the key in this stack's state. */
  isHeld(type: OwnedType, key: string): boolean {
    return this.#heldByStack.has(`${type} ${key}`);
  }

  /** Whether `check` found the key taken in this process. */
  wasTaken(type: OwnedType, key: string): boolean {
    return this.#takenAtCheck.has(`${type} ${key}`);
  }

  #listing(type: OwnedType): Promise<Listing> {
    const source = sourceOf(type);
    let listing = this.#listings.get(source);
    if (!listing) {
      listing = this.client().then((client) => readHolders(client, source));
      listing.catch(() => this.#listings.delete(source));
      this.#listings.set(source, listing);
    }
    return listing;
  }
}

/** The list a type's keys come from: bridges and links from one list, since each bridge carries its numbers. */
const sourceOf = (type: OwnedType): OwnedType => (type === "BridgeNumber" ? "Bridge" : type);

/** Every key of one list, as `<type> <key>`, with its holder. */
async function readHolders(client: VoiceClient, source: OwnedType): Promise<Listing> {
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

/** The input that carries each type's natural key. */
const KEY_PROPERTY: Record<OwnedType, string> = {
  Bridge: "slug",
  ProviderConfiguration: "accountSid",
  SipTrunk: "name",
  BridgeNumber: "phoneNumber",
};

/**
 * Adds a failure to a passing `check` when its natural key is new to this resource yet already taken
 * on the platform and the program did not say `adopt`: two stacks (or a stack and the dashboard) must
 * never silently share a resource. Keys recorded in state before, and values unknown at preview, pass.
 */
export async function checkOwnership(
  type: OwnedType,
  olds: Record<string, unknown>,
  result: dynamic.CheckResult,
): Promise<dynamic.CheckResult> {
  const inputs = result.inputs;
  if (result.failures?.length || !inputs) return result;
  const property = KEY_PROPERTY[type];
  const key: unknown = inputs[property];
  if (typeof key !== "string" || isUnknown(key)) return result;
  const keys = takenKeys(runtimeContext());
  if (key === olds[property]) {
    keys.markHeld(type, key);
    return result;
  }
  if (olds[property] === undefined && keys.isHeld(type, key)) return result;
  const holder = await keys.holder(type, key);
  const reason = holder && refusal(type, key, holder, inputs);
  return reason ? failed(inputs, [{ property, reason }]) : result;
}

function refusal(
  type: OwnedType,
  key: string,
  holder: Holder,
  inputs: Record<string, unknown>,
): string | undefined {
  const adopt = Boolean(inputs.adopt);
  if (type === "BridgeNumber") {
    const sameBridge = holder.bridgeSlug === inputs.bridgeSlug || isUnknown(inputs.bridgeSlug);
    if (adopt && sameBridge) return undefined;
  } else if (adopt) return undefined;
  return takenReason(type, key, holder, inputs.bridgeSlug);
}

/** Why a key somebody else holds is not this resource's, naming the holder, and the ways out. */
function takenReason(type: OwnedType, key: string, holder: Holder | undefined, bridgeSlug: unknown): string {
  const who = holder?.what ?? "a holder the platform no longer lists";
  if (type === "BridgeNumber" && holder?.bridgeSlug === bridgeSlug) {
    return (
      `${key} is already linked to ${who} by another stack or the dashboard, not by this stack. Take the ` +
      "link over with `adopt: true` (see docs/adopting-and-exporting.md), or link another " +
      `number. ${AFTER_INTERRUPT}`
    );
  }
  if (type === "BridgeNumber") {
    return (
      `${key} is already linked to ${who} (by another stack, the dashboard, or a link of this ` +
      "program under another resource name). A number sits on one bridge at a time: to move it in this " +
      "program, name the BridgeNumber by its phone number so the move replaces the link, or keep the old " +
      'name with `aliases: [{ name: "<old name>" }]`. ' +
      AFTER_INTERRUPT
    );
  }
  return (
    `${DESCRIBE[type]} "${key}" already exists on the platform (${who}) and is not in this stack: ` +
    "another stack or the dashboard manages it. Take it over with `adopt: true` (see " +
    `docs/adopting-and-exporting.md), or choose another ${KEY_PROPERTY[type]}. ${AFTER_INTERRUPT}`
  );
}

/**
 * What settling a create needs to know of its natural key: whether this run's check saw it taken,
 * and, when the platform refuses the create as taken with no lost attempt before, the error naming
 * the holder (read afresh: it appeared after the check) and the ways out.
 */
export function keyOwnership(
  context: VoiceContext,
  client: VoiceClient,
  type: OwnedType,
  key: string,
  bridgeSlug?: string,
): Pick<SettleSpec<unknown>, "takenBefore" | "taken"> {
  return {
    takenBefore: () => takenKeys(context).wasTaken(type, key),
    taken: async (failure) => {
      const holder = await readHolders(client, sourceOf(type)).then(
        (listing) => listing.get(`${type} ${key}`),
        () => undefined,
      );
      const refused = failure instanceof Error ? failure.message : String(failure);
      // A plain Error: an expected failure, shown to the user as its message alone.
      return new Error(
        `${refused}: taken by somebody else while this run was creating it. ` +
          takenReason(type, key, holder, bridgeSlug),
      );
    },
  };
}

const AFTER_INTERRUPT =
  "If a `pulumi up` of this stack was interrupted, `npx pulumi-voice-platform recover` records what it made";

const DESCRIBE: Record<OwnedType, string> = {
  Bridge: "bridge slug",
  ProviderConfiguration: "provider configuration for account",
  SipTrunk: "SIP trunk",
  BridgeNumber: "number",
};
