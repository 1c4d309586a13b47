import type { Value, VoiceResource } from "../../policy/voice-resource";
import type { ResourceType } from "../../provider/resources/registry";

/** A resource as the rules see it, named after its type unless `name` says otherwise. */
export function resource(
  type: ResourceType,
  props: Record<string, Value>,
  extra: Partial<Omit<VoiceResource, "type" | "props">> = {},
): VoiceResource {
  const name = extra.name ?? type.toLowerCase();
  return {
    type,
    name,
    urn: `urn:pulumi:prod::p::voice:index:${type}::${name}`,
    protect: false,
    props,
    ...extra,
  };
}
