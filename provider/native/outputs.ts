import type { ResourceName } from "./resources";

/** A property's type in the package schema (a subset of Pulumi's TypeSpec). */
export interface TypeSpec {
  readonly type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  readonly items?: TypeSpec;
  readonly oneOf?: readonly TypeSpec[];
  readonly $ref?: string;
}

const string: TypeSpec = { type: "string" };
const integer: TypeSpec = { type: "integer" };
const boolean: TypeSpec = { type: "boolean" };

/**
 * The output properties each runtime records in state (its `*Outputs` interface), by name, with
 * whether the property is always set. The schema test compares them with the runtime's outputs.
 */
export const OUTPUTS: Readonly<
  Record<ResourceName, Readonly<Record<string, { type: TypeSpec; required: boolean }>>>
> = {
  ProviderConfiguration: {
    provider: { type: string, required: true },
    accountSid: { type: string, required: true },
    authToken: { type: string, required: false },
    configurationId: { type: integer, required: true },
    createdAt: { type: string, required: false },
  },
  Bridge: {
    name: { type: string, required: true },
    slug: { type: string, required: true },
    bridgeId: { type: integer, required: true },
    createdAt: { type: string, required: false },
  },
  BridgeNumber: {
    bridgeSlug: { type: string, required: true },
    providerConfigurationId: { type: integer, required: true },
    phoneNumber: { type: string, required: true },
    numberId: { type: integer, required: true },
    state: { type: string, required: false },
    active: { type: boolean, required: false },
    channelsCount: { type: integer, required: false },
    status: { type: string, required: false },
  },
  SipTrunk: {
    name: { type: string, required: true },
    sipUrl: { type: string, required: true },
    transport: { type: string, required: true },
    port: { type: string, required: true },
    authUsername: { type: string, required: false },
    authPassword: { type: string, required: false },
    allowedIps: { type: { type: "array", items: string }, required: true },
    trunkId: { type: integer, required: true },
    active: { type: boolean, required: true },
    orgHandle: { type: string, required: false },
    createdAt: { type: string, required: false },
  },
};
