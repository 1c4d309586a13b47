import { descriptorOfUrn, REGISTRY, type ResourceType } from "../resources/registry";
import type { ResourceDescriptor } from "../runtime/descriptor";
import { parseUrn } from "../urn/urn";

/** Every registered resource type by name, served by the same runtime objects as the dynamic resources. */
export const RESOURCES = Object.fromEntries(
  REGISTRY.map((d): [ResourceType, ResourceDescriptor<ResourceType>] => [d.type, d]),
) as Readonly<Record<ResourceType, ResourceDescriptor<ResourceType>>>;

/** The resource a URN names (`urn:pulumi:<stack>::<project>::voice:index:<Type>::<name>`), or an error naming its type. */
export function resourceOf(urn: string): ResourceDescriptor {
  const found = descriptorOfUrn(urn);
  if (!found) throw new Error(`unknown resource type ${parseUrn(urn)?.token ?? ""} (in ${urn})`);
  return found;
}
