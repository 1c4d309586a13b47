import type { VoiceClient } from "../../sdk";

/** Who holds a natural key on the platform, in words (e.g. `id 12`, `bridge "support"`), and the bridge for links. */
export interface Holder {
  what: string;
  bridgeSlug?: string;
}

/**
 * A resource type's natural key, the one the platform keeps unique: how a create whose answer was
 * lost is settled, how `adopt` finds what it takes over, how `check` sees it taken by somebody else,
 * and how `recover` finds an interrupted create.
 */
export interface NaturalKey {
  /** The resource type, e.g. `Bridge`. */
  readonly type: string;
  /** The input that carries the key. */
  readonly property: string;
  /** How a refusal names the key, e.g. `bridge slug`. */
  readonly describe: string;
  /** The list its keys come from, when it shares one with another type (a bridge lists its links); its own type otherwise. */
  readonly source: string;
  /** Every key of the source list, as `<type> <key>`, with its holder (for every type the list serves). */
  holders(client: VoiceClient): Promise<[string, Holder][]>;
  /** The resource id of what the platform holds under the key of `inputs` (as the engine recorded them), or `undefined`. */
  idOf(client: VoiceClient, inputs: Record<string, unknown>): Promise<string | undefined>;
  /** Whether `adopt` may take over the key from this holder; any holder when absent. */
  adoptable?(holder: Holder, inputs: Record<string, unknown>): boolean;
  /** Why the key is not this resource's, when the type says it in its own words; a generic reason otherwise. */
  takenReason?(key: string, holder: Holder | undefined, inputs: Record<string, unknown>): string | undefined;
}

/** A non-empty string input, else `undefined`. */
export const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
