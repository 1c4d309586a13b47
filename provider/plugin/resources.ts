import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import { nativeToken, PACKAGE, type ResourceDescriptor } from "../descriptor";
import { descriptorOfToken, REGISTRY, type ResourceType } from "../resources/registry";

export { PACKAGE };

/** One resource type as both front doors serve it: the runtime's provider, its inputs and outputs schemas. */
export interface NativeResource {
  readonly provider: dynamic.ResourceProvider;
  readonly inputs: z.ZodObject;
  readonly outputs: z.ZodObject;
}

/** A resource type's name, e.g. `Bridge`. */
export type ResourceName = ResourceType;

/** Every registered resource type by name, served by the same runtime objects as the dynamic resources. */
export const RESOURCES = Object.fromEntries(REGISTRY.map((d) => [d.type, d])) as Readonly<
  Record<ResourceName, ResourceDescriptor<ResourceName>>
>;

/** The type token of a resource, `voice:index:<Type>`. */
export const resourceToken = nativeToken;

/** The resource a URN names (`urn:pulumi:<stack>::<project>::voice:index:Bridge::<name>`). */
export function resourceOf(urn: string): ResourceDescriptor {
  const type = urn.split("::")[2] ?? "";
  const found = descriptorOfToken(type);
  if (!found || resourceToken(found.type) !== type)
    throw new Error(`unknown resource type ${type} (in ${urn})`);
  return found;
}
