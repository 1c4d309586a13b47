// What a program of the estate declares: the resources of each type, as the programs read them from
// their `spec.json`. Types only, so that a program folder can hold a copy of this file (the benchmarks'
// TypeScript program does) and import nothing from the repository.

/**
 * Which provider serves the program (bench/harness/program/index.js): this package's dynamic resources, the
 * no-op dynamic baseline, or this package's native provider plugin.
 */
export type ProviderKind = "voice" | "noop" | "native";

/** What bench/harness/program/index.js declares (its `spec.json`). */
export interface EstateSpec {
  provider: ProviderKind;
  configurations: { name: string; provider: string; accountSid: string }[];
  bridges: { name: string; bridgeName: string; slug: string }[];
  numbers: { name: string; bridge: string; configuration: string; phoneNumber: string }[];
  /** One `BridgeNumbers` per bridge, instead of `numbers`. */
  sets?: { name: string; bridge: string; numbers: { configuration: string; phoneNumber: string }[] }[];
  trunks: {
    name: string;
    sipUrl: string;
    transport: string;
    port: string;
    authUsername: string;
    allowedIps: string[];
  }[];
}
