import type * as dynamic from "@pulumi/pulumi/dynamic";
import { stripPhoneSeparators, type VoiceClient } from "../../../sdk";
import { VoiceConfigError } from "../../config";
import type { VoiceContext } from "../../context";
import { runtimeContext } from "../../context-cache";
import { failed } from "../../runtime/check";
import { isUnknown } from "../../runtime/fields";

// What only the platform knows, checked at preview: whether a BridgeNumber's configuration id is a
// configuration of the organization, and whether its number is one of the organization's numbers.
// Each list is read once per process and shared by every check (requests constant in the number
// of resources). A miss reads the list once more before failing, since a configuration created
// earlier in this `up` is not in a list read before it.

/** The organization's numbers and the platform's pool, E.164 without separators. */
interface Inventory {
  own: ReadonlySet<string>;
  pool: ReadonlySet<string>;
}

/** A list read once and shared; read again on request, one re-read for all callers that missed the same read. */
export class SharedRead<T> {
  #read: Promise<T> | undefined;
  #generation = 0;

  constructor(private readonly load: () => Promise<T>) {}

  /** The current read and its generation (a failed read is forgotten, like VoiceContext's lookups). */
  get(): { value: Promise<T>; generation: number } {
    if (!this.#read) {
      const read = this.load();
      this.#read = read;
      this.#generation++;
      read.catch(() => {
        if (this.#read === read) this.#read = undefined;
      });
    }
    return { value: this.#read, generation: this.#generation };
  }

  /** A fresh read, unless one began since `seen`, which is then shared. */
  again(seen: number): Promise<T> {
    if (this.#generation === seen) this.#read = undefined;
    return this.get().value;
  }
}

/** Cached reads of the organization's configurations and numbers, one set per {@link VoiceContext}. */
export class PreviewLookups {
  readonly #configurations: SharedRead<ReadonlySet<number>>;
  readonly #inventory: SharedRead<Inventory>;

  constructor(private readonly ready: () => Promise<VoiceClient>) {
    this.#configurations = new SharedRead(async () => {
      const client = await this.ready();
      return new Set((await client.providerConfigurations.list()).data.map((c) => c.id));
    });
    this.#inventory = new SharedRead(async () => {
      const client = await this.ready();
      // With Org-Handle: own numbers and the pool; without: the pool. The list names no provider
      // account, so "in this configuration's account" is left to the platform at create.
      const [all, pool] = await Promise.all([client.numbers.list(), client.numbers.list({ scope: "pool" })]);
      const poolSet = new Set(pool.data.map((n) => stripPhoneSeparators(n.number)));
      const own = all.data.map((n) => stripPhoneSeparators(n.number)).filter((n) => !poolSet.has(n));
      return { own: new Set(own), pool: poolSet };
    });
  }

  /** The organization's handle, for messages. */
  async orgHandle(): Promise<string> {
    return (await this.ready()).orgHandle ?? "of this token";
  }

  /** The organization's configuration ids, when `id` is one of them after at most one re-read; else all of them. */
  async configurations(id: number): Promise<{ found: boolean; ids: ReadonlySet<number> }> {
    const { value, generation } = this.#configurations.get();
    let ids = await value;
    if (!ids.has(id)) ids = await this.#configurations.again(generation);
    return { found: ids.has(id), ids };
  }

  /** Whether `number` is the organization's own, in the pool, or unknown, after at most one re-read. */
  async numberOwner(number: string): Promise<"own" | "pool" | "unknown"> {
    const { value, generation } = this.#inventory.get();
    let inventory = await value;
    if (!inventory.own.has(number)) inventory = await this.#inventory.again(generation);
    return inventory.own.has(number) ? "own" : inventory.pool.has(number) ? "pool" : "unknown";
  }
}

const byContext = new WeakMap<VoiceContext, PreviewLookups>();

/** The lookups of the current runtime context (a new configuration gets new lookups). */
export function previewLookups(context: VoiceContext = runtimeContext()): PreviewLookups {
  let lookups = byContext.get(context);
  if (!lookups) {
    lookups = new PreviewLookups(() => context.ready());
    byContext.set(context, lookups);
  }
  return lookups;
}

const MAX_LISTED = 20;

/**
 * Adds the platform's rules to a BridgeNumber's checked inputs: the configuration must be one of
 * the organization's, the number one of the organization's numbers. Values unknown at preview are
 * skipped. When the platform cannot be reached, the check passes without these rules (the create
 * then fails with the platform's own answer); a configuration problem (token, organization) fails.
 */
export async function checkLinkOnPlatform(
  result: dynamic.CheckResult,
  lookups: () => PreviewLookups = previewLookups,
): Promise<dynamic.CheckResult> {
  if (result.failures?.length) return result;
  const inputs = result.inputs ?? {};
  const id: unknown = inputs.providerConfigurationId;
  const number: unknown = inputs.phoneNumber;
  try {
    const failures: dynamic.CheckFailure[] = [];
    const platform = lookups();
    if (typeof id === "number" && !isUnknown(id)) {
      const { found, ids } = await platform.configurations(id);
      if (!found) {
        const sorted = [...ids].sort((a, b) => a - b);
        const listed = sorted.length === 0 ? "none" : sorted.slice(0, MAX_LISTED).join(", ");
        const more = sorted.length > MAX_LISTED ? `, … ${sorted.length - MAX_LISTED} more` : "";
        failures.push({
          property: "providerConfigurationId",
          reason: `${id} is not a provider configuration of organization ${await platform.orgHandle()} (it has: ${listed}${more})`,
        });
      }
    }
    if (typeof number === "string" && !isUnknown(number)) {
      const owner = await platform.numberOwner(number);
      const org = await platform.orgHandle();
      if (owner !== "own") {
        const why =
          owner === "pool"
            ? "it is in the platform's pool of unassigned numbers"
            : "the platform lists it neither for the organization nor in the pool (another organization's number, or a typo)";
        failures.push({
          property: "phoneNumber",
          reason: `${number} is not a number of organization ${org}: ${why}`,
        });
      }
    }
    return failures.length > 0 ? failed(inputs, failures) : result;
  } catch (err) {
    if (err instanceof VoiceConfigError) throw err;
    return result;
  }
}
