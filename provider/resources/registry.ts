import type { ResourceDescriptor } from "../runtime/descriptor";
import type { ExportMapping } from "../runtime/export-mapping";
import { typeOfToken } from "../urn/type-token";
import { parseUrn } from "../urn/urn";
import { BRIDGE } from "./bridge/descriptor";
import { BRIDGE_NUMBER } from "./bridge-number-link/descriptor";
import { BRIDGE_NUMBERS } from "./bridge-number-set/descriptor";
import { PROVIDER_CONFIGURATION } from "./provider-configuration/descriptor";
import { SIP_TRUNK } from "./sip-trunk/descriptor";

const DESCRIPTORS = [PROVIDER_CONFIGURATION, BRIDGE, BRIDGE_NUMBER, BRIDGE_NUMBERS, SIP_TRUNK] as const;

/** The descriptor of one registered type, as declared: its own names and its own record types. */
export type RegisteredDescriptor = (typeof DESCRIPTORS)[number];

/** A resource type's name, e.g. `Bridge`. */
export type ResourceType = RegisteredDescriptor["type"];

/**
 * Every resource type of the package, in schema order: adding a type is its folder and one line here.
 * Each is seen through the shared interface, the view every consumer iterating types takes.
 */
export const REGISTRY: readonly ResourceDescriptor<
  ResourceType,
  ExportMapping<RegisteredDescriptor["exported"]["kind"]>
>[] = DESCRIPTORS;

/** The descriptor a native (`voice:index:Bridge`) or dynamic (`pulumi-nodejs:dynamic/voice:Bridge`) type token names. */
export function descriptorOfToken(token: string): ResourceDescriptor<ResourceType> | undefined {
  const name = typeOfToken(token)?.name;
  return REGISTRY.find((d) => d.type === name);
}

/** The descriptor of the resource a URN names, by either front door; `undefined` for resources not of this package. */
export const descriptorOfUrn = (urn: string): ResourceDescriptor<ResourceType> | undefined =>
  descriptorOfToken(parseUrn(urn)?.token ?? "");
