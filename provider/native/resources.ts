import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import { RESOURCE_TYPES } from "../resources/types";
import * as runtime from "../runtime";

/** The package name: resources are `voice:index:<Type>`, the plugin `pulumi-resource-voice`. */
export const PACKAGE = "voice";

/** One resource type as both front doors serve it: the runtime's provider, its inputs and outputs schemas. */
export interface NativeResource {
  readonly provider: dynamic.ResourceProvider;
  readonly inputs: z.ZodObject;
  readonly outputs: z.ZodObject;
}

/** The four resource types by name, served by the same runtime objects as the dynamic resources. */
export const RESOURCES = {
  ProviderConfiguration: { provider: runtime.ProviderConfiguration, ...RESOURCE_TYPES.ProviderConfiguration },
  Bridge: { provider: runtime.Bridge, ...RESOURCE_TYPES.Bridge },
  BridgeNumber: { provider: runtime.BridgeNumber, ...RESOURCE_TYPES.BridgeNumber },
  SipTrunk: { provider: runtime.SipTrunk, ...RESOURCE_TYPES.SipTrunk },
} as const satisfies Record<string, NativeResource>;

/** A resource type's name. */
export type ResourceName = keyof typeof RESOURCES;

/** The type token of a resource, `voice:index:<Type>`. */
export const resourceToken = (name: string): string => `${PACKAGE}:index:${name}`;

/** The resource a URN names (`urn:pulumi:<stack>::<project>::voice:index:Bridge::<name>`). */
export function resourceOf(urn: string): NativeResource {
  const type = urn.split("::")[2] ?? "";
  const entry = Object.entries(RESOURCES).find(([name]) => resourceToken(name) === type);
  if (!entry) throw new Error(`unknown resource type ${type} (in ${urn})`);
  return entry[1];
}
