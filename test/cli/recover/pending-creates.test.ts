import { describe, expect, it } from "vitest";
import { type Deployment, pendingCreates, settlePendingCreates } from "../../../cli/recover/pending-creates";

const urn = (type: string, name: string) => `urn:pulumi:dev::p::pulumi-nodejs:dynamic/voice:${type}::${name}`;
const res = (type: string, name: string, deps: string[] = []) => ({
  urn: urn(type, name),
  type: `pulumi-nodejs:dynamic/voice:${type}`,
  inputs: { __provider: "text", name },
  dependencies: deps,
});

const deployment: Deployment = {
  manifest: {},
  resources: [{ urn: "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev", type: "pulumi:pulumi:Stack" }],
  pending_operations: [
    { type: "creating", resource: res("BridgeNumber", "n1", [urn("Bridge", "b")]) },
    { type: "creating", resource: res("Bridge", "b") },
    { type: "creating", resource: res("SipTrunk", "never-made") },
    { type: "updating", resource: res("SipTrunk", "t") },
    { type: "creating", resource: { urn: "urn:x::aws", type: "aws:s3/bucket:Bucket" } },
    // Another program's dynamic resource, and a native one of this package (its state has no provider text).
    { type: "creating", resource: { urn: "urn:x::d", type: "pulumi-nodejs:dynamic:Resource" } },
    {
      type: "creating",
      resource: { urn: "urn:pulumi:dev::p::voice:index:Bridge::n", type: "voice:index:Bridge" },
    },
  ],
};

describe("pending creates", () => {
  it("lists the interrupted creates of this package's dynamic resources", () => {
    expect(pendingCreates(deployment).map((r) => r.urn)).toEqual([
      urn("BridgeNumber", "n1"),
      urn("Bridge", "b"),
      urn("SipTrunk", "never-made"),
    ]);
  });

  it("records the found ones after their dependencies, with outputs from inputs, and clears every pending operation", () => {
    const found = new Map([
      [urn("BridgeNumber", "n1"), "b/1/+14155550100"],
      [urn("Bridge", "b"), "b"],
    ]);
    const settled = settlePendingCreates(deployment, found);
    expect(settled.pending_operations).toBeUndefined();
    expect(settled.manifest).toEqual({});
    expect(settled.resources?.map((r) => [r.urn.split("::").pop(), r.id])).toEqual([
      ["p-dev", undefined],
      ["b", "b"],
      ["n1", "b/1/+14155550100"],
    ]);
    expect(settled.resources?.[2]?.outputs).toEqual({ __provider: "text", name: "n1" });
  });
});
