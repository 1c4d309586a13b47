import { REGISTRY, type ResourceType } from "../resources/registry";
import { nativeToken, PACKAGE, type ResourceDescriptor } from "../runtime/descriptor";

export { PACKAGE };

/** A resource type's name, e.g. `Bridge`. */
export type ResourceName = ResourceType;

/** Every registered resource type by name, served by the same runtime objects as the dynamic resources. */
export const RESOURCES = Object.fromEntries(
  REGISTRY.map((d): [ResourceName, ResourceDescriptor<ResourceName>] => [d.type, d]),
) as Readonly<Record<ResourceName, ResourceDescriptor<ResourceName>>>;

/** The type token of a resource, `voice:index:<Type>`. */
export const resourceToken = nativeToken;

/** The resource a URN names (`urn:pulumi:<stack>::<project>::voice:index:Bridge::<name>`). */
export function resourceOf(urn: string): ResourceDescriptor {
  const type = urn.split("::")[2] ?? "";
  const found = REGISTRY.find((d) => resourceToken(d.type) === type);
  if (!found) throw new Error(`unknown resource type ${type} (in ${urn})`);
  return found;
}
