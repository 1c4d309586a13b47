import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { VoiceClient } from "../../sdk";
import type { VoiceContext } from "../context";
import { runtimeContext } from "../context-cache";
import { failed } from "./check";
import { isUnknown } from "./fields";
import type { Holder, NaturalKey } from "./natural-key";
import type { SettleSpec } from "./settle";

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
  async holder(natural: NaturalKey, key: string): Promise<Holder | undefined> {
    const { type } = natural;
    let listing: Listing;
    try {
      listing = await this.#listing(natural);
    } catch {
      // Unreachable at preview: the create will meet the platform's own answer instead.
      return undefined;
    }
    const holder = listing.get(`${type} ${key}`);
    if (holder) this.#takenAtCheck.add(`${type} ${key}`);
    return holder;
  }

  /** Every key of the type `natural` names whose holder passes `test`, or `undefined` when the platform could not be asked. */
  async keysWhere(natural: NaturalKey, test: (holder: Holder) => boolean): Promise<string[] | undefined> {
    let listing: Listing;
    try {
      listing = await this.#listing(natural);
    } catch {
      return undefined;
    }
    const prefix = `${natural.type} `;
    const keys: string[] = [];
    for (const [key, holder] of listing)
      if (key.startsWith(prefix) && test(holder)) keys.push(key.slice(prefix.length));
    return keys;
  }

  /**
   * Records a key this stack's state already holds. A replacement is checked twice in one run:
   * once against the state's inputs, then again with none (as a fresh create), and the second
   * check must not take the stack's own resource for somebody else's.
   */
  markHeld(type: string, key: string): void {
    this.#heldByStack.add(`${type} ${key}`);
  }

  /** Whether an earlier check of this run saw the key in this stack's state. */
  isHeld(type: string, key: string): boolean {
    return this.#heldByStack.has(`${type} ${key}`);
  }

  /** Whether `check` found the key taken in this process. */
  wasTaken(type: string, key: string): boolean {
    return this.#takenAtCheck.has(`${type} ${key}`);
  }

  #listing(natural: NaturalKey): Promise<Listing> {
    const { source } = natural;
    let listing = this.#listings.get(source);
    if (!listing) {
      listing = this.client().then((client) => readHolders(client, natural));
      listing.catch(() => this.#listings.delete(source));
      this.#listings.set(source, listing);
    }
    return listing;
  }
}

/** Every key of a type's list, as `<type> <key>`, with its holder. */
async function readHolders(client: VoiceClient, natural: NaturalKey): Promise<Listing> {
  return new Map(await natural.holders(client));
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

/** Set by `recover` on the previews it runs: check then lets keys taken on the platform pass (it writes nothing). */
export const RECOVERING_ENV = "PULUMI_VOICE_RECOVERING";

/** Whether this process serves `recover`'s preview, whose checks let keys taken on the platform pass. */
export const isRecovering = (): boolean => process.env[RECOVERING_ENV] === "true";

/**
 * Adds a failure to a passing `check` when its natural key is new to this resource yet already taken
 * on the platform and the program did not say `adopt`: two stacks (or a stack and the dashboard) must
 * never silently share a resource. Keys recorded in state before, and values unknown at preview, pass.
 */
export async function checkOwnership(
  natural: NaturalKey,
  olds: Record<string, unknown>,
  result: dynamic.CheckResult,
): Promise<dynamic.CheckResult> {
  const inputs = result.inputs;
  if (result.failures?.length || !inputs) return result;
  // `recover` previews the program to learn what an unrecorded run planned: the keys that run took are
  // exactly the ones it looks for, so the preview must list them instead of refusing them.
  if (isRecovering()) return result;
  const { type, property } = natural;
  const key: unknown = inputs[property];
  if (typeof key !== "string" || isUnknown(key)) return result;
  const keys = takenKeys(runtimeContext());
  if (key === olds[property]) {
    keys.markHeld(type, key);
    return result;
  }
  if (olds[property] === undefined && keys.isHeld(type, key)) return result;
  const holder = await keys.holder(natural, key);
  const reason = holder && refusal(natural, key, holder, inputs);
  return reason ? failed(inputs, [{ property, reason }]) : result;
}

function refusal(
  natural: NaturalKey,
  key: string,
  holder: Holder,
  inputs: Record<string, unknown>,
): string | undefined {
  if (inputs.adopt && (natural.adoptable?.(holder, inputs) ?? true)) return undefined;
  return takenReason(natural, key, holder, inputs);
}

/** Why a key somebody else holds is not this resource's, naming the holder, and the ways out. */
function takenReason(
  natural: NaturalKey,
  key: string,
  holder: Holder | undefined,
  inputs: Record<string, unknown>,
): string {
  const own = natural.takenReason?.(key, holder, inputs);
  if (own !== undefined) return own;
  const who = holder?.what ?? "a holder the platform no longer lists";
  return (
    `${natural.describe} "${key}" already exists on the platform (${who}) and is not in this stack: ` +
    "another stack or the dashboard manages it. Take it over with `adopt: true` (see " +
    `docs/adopting-and-exporting.md), or choose another ${natural.property}. ${AFTER_INTERRUPT}`
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
  natural: NaturalKey,
  key: string,
  inputs: Record<string, unknown> = {},
): Pick<SettleSpec<unknown>, "takenBefore" | "taken"> {
  const { type } = natural;
  return {
    takenBefore: () => takenKeys(context).wasTaken(type, key),
    taken: async (failure) => {
      const holder = await readHolders(client, natural).then(
        (listing) => listing.get(`${type} ${key}`),
        () => undefined,
      );
      const refused = failure instanceof Error ? failure.message : String(failure);
      // A plain Error: an expected failure, shown to the user as its message alone.
      return new Error(
        `${refused}: taken by somebody else while this run was creating it. ` +
          takenReason(natural, key, holder, inputs),
      );
    },
  };
}

/** How a refusal ends: the way out after an interrupted run. */
export const AFTER_INTERRUPT =
  "If a `pulumi up` of this stack was interrupted, `npx pulumi-voice-platform recover` records what it made";
