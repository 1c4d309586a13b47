// The state-bytes benchmark's split of a checkpoint entry: the parts add up to the entry as the file
// backend writes it, the provider text is counted apart from inputs and outputs, and the stack and
// providers are left out.
import { describe, expect, it } from "vitest";
import { PARTS, stateBytes } from "../../../bench/state-bytes/breakdown";
import { bytesEstate } from "../../../bench/state-bytes/estate";

const link = {
  urn: "urn:pulumi:s::p::pulumi-nodejs:dynamic/voice:BridgeNumber::n1",
  custom: true,
  id: "1/+14155550100",
  type: "pulumi-nodejs:dynamic/voice:BridgeNumber",
  inputs: { __provider: "exports.handler=()=>({})", phoneNumber: "+14155550100" },
  outputs: { __provider: "exports.handler=()=>({})", phoneNumber: "+14155550100", numberId: 7 },
  dependencies: ["urn:pulumi:s::p::pulumi-nodejs:dynamic/voice:Bridge::b"],
  propertyDependencies: { phoneNumber: [] },
  sourcePosition: "project:///index.js#1,1",
  stackTrace: [{ sourcePosition: "project:///index.js#1,1" }, {}],
};
const deployment = {
  deployment: {
    resources: [
      { urn: "urn:pulumi:s::p::pulumi:pulumi:Stack::p-s", custom: false, type: "pulumi:pulumi:Stack" },
      {
        urn: "urn:pulumi:s::p::pulumi:providers:pulumi-nodejs::default",
        custom: true,
        type: "pulumi:providers:pulumi-nodejs",
      },
      link,
    ],
  },
};

describe("stateBytes", () => {
  it("splits each custom resource's compact entry into parts that add up to it", () => {
    const s = stateBytes(JSON.stringify(deployment, null, 4));
    expect(s.checkpointBytes).toBe(Buffer.byteLength(JSON.stringify(deployment.deployment)));
    expect(s.resources).toBe(3);
    expect(Object.keys(s.byType)).toEqual(["voice:BridgeNumber"]);
    const t = s.byType["voice:BridgeNumber"]!;
    expect(t.count).toBe(1);
    expect(t.bytes).toBe(Buffer.byteLength(JSON.stringify(link)));
    expect(PARTS.reduce((sum, p) => sum + t.parts[p], 0)).toBe(t.bytes);
    const providerLine = Buffer.byteLength(`"__provider":${JSON.stringify(link.inputs.__provider)},`);
    expect(t.parts["provider text"]).toBe(2 * providerLine);
    expect(t.parts.inputs).toBe(Buffer.byteLength(`"inputs":${JSON.stringify(link.inputs)},`) - providerLine);
    expect(t.parts.source).toBe(
      Buffer.byteLength(
        `"sourcePosition":${JSON.stringify(link.sourcePosition)},"stackTrace":${JSON.stringify(link.stackTrace)},`,
      ),
    );
  });
});

describe("the small estate", () => {
  it("declares every type: links on one bridge, a set on the other", () => {
    const spec = bytesEstate("native");
    expect(spec.configurations).toHaveLength(2);
    expect(spec.bridges).toHaveLength(2);
    expect(spec.trunks).toHaveLength(2);
    expect(spec.numbers).toHaveLength(20);
    expect(new Set(spec.numbers.map((n) => n.bridge))).toEqual(new Set(["bridge-0"]));
    expect(spec.sets?.map((s) => [s.bridge, s.numbers.length])).toEqual([["bridge-1", 20]]);
  });
});
