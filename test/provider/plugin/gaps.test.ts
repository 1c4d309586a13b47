// Every handler of the resource-provider service is served in the scope of its call's connection:
// in a plugin engines attach to, a handler outside it would read another provider's context.
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { describe, expect, it } from "vitest";
import { startEngineRun } from "../../../provider/connection/connection-scope";
import { runtimeContext } from "../../../provider/connection/context-cache";
import { scopedByConnection } from "../../../provider/plugin/gaps";

describe("the provider service's handlers", () => {
  it("each run in the scope of its call's connection once an engine attached", () => {
    startEngineRun();
    const service = provrpc.ResourceProviderService;
    const names = Object.keys(service);
    const seen = new Map<string, unknown>();
    const implementation = Object.fromEntries(
      names.map((name) => [name, () => seen.set(name, runtimeContext())]),
    );
    scopedByConnection(service, implementation);
    for (const name of names) {
      const handler = implementation[name] as (call: { getPeer(): string }) => void;
      handler({ getPeer: () => (name === "read" ? "peer-b" : "peer-a") });
    }
    expect([...seen.keys()]).toEqual(names);
    const contexts = new Set(seen.values());
    // One context for the calls of one connection, another for the other's.
    expect(contexts.size).toBe(2);
    expect(seen.get("read")).not.toBe(seen.get("configure"));
  });
});
