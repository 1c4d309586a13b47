import type * as dynamic from "@pulumi/pulumi/dynamic";

/** The resource types, each a key of the runtime entry `pulumi-voice-platform/runtime`. */
export type ResourceType = "ProviderConfiguration" | "Bridge" | "BridgeNumber" | "SipTrunk";

/**
 * The provider object Pulumi serializes into every resource's state. It captures nothing but the
 * type name and loads the implementation by package name at call time, so state stays small
 * (about 2 KB), holds no schema, client or secret, and refresh/destroy run the installed code
 * rather than a copy frozen at create time (DESIGN.md, rule 1).
 */
export function forwardingProvider(t: ResourceType): dynamic.ResourceProvider {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return {
    configure: (r) => require("pulumi-voice-platform/runtime").configure(r),
    check: (o, n) => require("pulumi-voice-platform/runtime")[t].check(o, n),
    diff: (i, o, n) => require("pulumi-voice-platform/runtime")[t].diff(i, o, n),
    create: (n) => require("pulumi-voice-platform/runtime")[t].create(n),
    read: (i, o) => require("pulumi-voice-platform/runtime")[t].read(i, o),
    update: (i, o, n) => require("pulumi-voice-platform/runtime")[t].update(i, o, n),
    delete: (i, o) => require("pulumi-voice-platform/runtime")[t].delete(i, o),
  };
}
