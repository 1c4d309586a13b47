import type { ResourceDescriptor } from "../runtime/descriptor";
import { dynamicToken, nativeToken } from "../runtime/descriptor";
import { BRIDGE } from "./bridge/descriptor";
import { BRIDGE_NUMBER } from "./bridge-number-link/descriptor";
import { BRIDGE_NUMBERS } from "./bridge-number-set/descriptor";
import { PROVIDER_CONFIGURATION } from "./provider-configuration/descriptor";
import { SIP_TRUNK } from "./sip-trunk/descriptor";

/** Every resource type of the package, in schema order: adding a type is its folder and one line here. */
export const REGISTRY = [PROVIDER_CONFIGURATION, BRIDGE, BRIDGE_NUMBER, BRIDGE_NUMBERS, SIP_TRUNK] as const;

/** A resource type's name, e.g. `Bridge`. */
export type ResourceType = (typeof REGISTRY)[number]["type"];

/** The descriptor a native (`voice:index:Bridge`) or dynamic (`pulumi-nodejs:dynamic/voice:Bridge`) type token names. */
export const descriptorOfToken = (token: string): ResourceDescriptor<ResourceType> | undefined =>
  REGISTRY.find((d) => nativeToken(d.type) === token || dynamicToken(d.type) === token);
