import type { PolicyProviderResource, PolicyResource } from "@pulumi/policy";
import { descriptorOfToken, type ResourceType } from "../provider/resources/registry";

/**
 * In the rules' plain view of props, a value the engine has not computed yet (at preview: another
 * resource's output). Not the engine's own sentinel string: the policy SDK hides that behind a throwing read.
 */
export const NOT_YET_KNOWN: unique symbol = Symbol("not yet known");

/** A property value as the rules see it: plain data, with {@link NOT_YET_KNOWN} where the engine has none yet. */
export type Value =
  | string
  | number
  | boolean
  | null
  | undefined
  | typeof NOT_YET_KNOWN
  | Value[]
  | { [key: string]: Value };

/** One of this package's resources, whichever front door declared it. */
export interface VoiceResource {
  type: ResourceType;
  /** The resource's name in the program. */
  name: string;
  urn: string;
  protect: boolean;
  /** Its inputs. */
  props: Record<string, Value>;
  /** The `pulumi:providers:voice` resource that serves it: native resources only (the dynamic ones read stack config). */
  provider?: { name: string; props: Record<string, Value> };
}

/** What the policy SDK passes for a resource, in either validation (resource or stack). */
export type AnalyzedResource = Pick<PolicyResource, "type" | "props" | "urn" | "name" | "opts" | "provider">;

const NATIVE_PROVIDER = "pulumi:providers:voice";

/**
 * Reads a value out of the policy SDK's props. Reading a value the engine does not know yet throws
 * (the SDK's unknown-checking proxy); plain data never throws on a read, so a throw means unknown.
 */
function read(container: object, key: string | number): Value {
  let value: unknown;
  try {
    value = (container as Record<string | number, unknown>)[key];
  } catch {
    return NOT_YET_KNOWN;
  }
  // Index by index: `map` would read each item through the proxy too, and throw on the first unknown one.
  if (Array.isArray(value)) return Array.from({ length: value.length }, (_, i) => read(value, i));
  if (typeof value === "object" && value !== null) return plain(value as Record<string, unknown>);
  return value as Value;
}

/** The props as plain data, unknown values as {@link NOT_YET_KNOWN}. */
export function plain(props: Record<string, unknown>): Record<string, Value> {
  return Object.fromEntries(
    Object.keys(props)
      .filter((key) => key !== "__provider")
      .map((key) => [key, read(props, key)]),
  );
}

/** The adapter from the policy SDK's view to the rules': `undefined` for resources that are not ours. */
export function voiceResource(resource: AnalyzedResource): VoiceResource | undefined {
  // Either front door's token: both carry the same input names.
  const type = descriptorOfToken(resource.type)?.type;
  if (type === undefined) return undefined;
  return {
    type,
    name: resource.name,
    urn: resource.urn,
    protect: resource.opts.protect,
    props: plain(resource.props),
    ...nativeProvider(resource.provider),
  };
}

function nativeProvider(provider: PolicyProviderResource | undefined): Pick<VoiceResource, "provider"> {
  if (provider?.type !== NATIVE_PROVIDER) return {};
  return { provider: { name: provider.name, props: plain(provider.props) } };
}

/** A known string value, else `undefined` (absent, unknown or not a string). */
export const knownString = (value: Value): string | undefined =>
  typeof value === "string" ? value : undefined;

/** How messages name a resource: `SipTrunk 'pbx'`. */
export const describe = (r: Pick<VoiceResource, "type" | "name">): string => `${r.type} '${r.name}'`;
