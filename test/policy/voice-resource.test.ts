import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { type AnalyzedResource, NOT_YET_KNOWN, voiceResource } from "../../policy/voice-resource";

// The policy SDK's own proxy and unknown sentinel (internal to it, hence untyped): what props look like at preview.
const proxy = createRequire(__filename)("@pulumi/policy/proxy") as {
  unknownCheckingProxy<T extends object>(props: T): T;
  unknownStringValue: string;
};

const analyzed = (type: string, props: Record<string, unknown>, extra: Partial<AnalyzedResource> = {}) =>
  ({
    type,
    props: proxy.unknownCheckingProxy(props),
    urn: `urn:pulumi:prod::p::${type}::pbx`,
    name: "pbx",
    opts: { protect: true, ignoreChanges: [], aliases: [], additionalSecretOutputs: [] },
    ...extra,
  }) as AnalyzedResource;

describe("voiceResource", () => {
  it("gives the rules plain props, without the dynamic provider's code, and the protect option", () => {
    const r = voiceResource(
      analyzed("pulumi-nodejs:dynamic/voice:SipTrunk", {
        __provider: "exports.handler = ...",
        transport: "tls",
        allowedIps: ["203.0.113.0/24"],
      }),
    );
    expect(r).toEqual({
      type: "SipTrunk",
      name: "pbx",
      urn: "urn:pulumi:prod::p::pulumi-nodejs:dynamic/voice:SipTrunk::pbx",
      protect: true,
      props: { transport: "tls", allowedIps: ["203.0.113.0/24"] },
    });
  });

  it("marks values not known at preview, down to list items, instead of throwing", () => {
    const r = voiceResource(
      analyzed("voice:index:SipTrunk", {
        port: proxy.unknownStringValue,
        allowedIps: ["198.51.100.7", proxy.unknownStringValue],
      }),
    );
    expect(r?.props).toEqual({ port: NOT_YET_KNOWN, allowedIps: ["198.51.100.7", NOT_YET_KNOWN] });
  });

  it("keeps a native provider's settings, and none of another provider", () => {
    const provider = (type: string) => ({ type, name: "globex", urn: "u", props: { orgHandle: "globex" } });
    expect(
      voiceResource(
        analyzed("voice:index:Bridge", { slug: "s" }, { provider: provider("pulumi:providers:voice") }),
      )?.provider,
    ).toEqual({ name: "globex", props: { orgHandle: "globex" } });
    expect(
      voiceResource(
        analyzed(
          "pulumi-nodejs:dynamic/voice:Bridge",
          { slug: "s" },
          { provider: provider("pulumi:providers:pulumi-nodejs") },
        ),
      )?.provider,
    ).toBeUndefined();
  });

  it("answers undefined for resources that are not ours", () => {
    expect(voiceResource(analyzed("random:index:RandomString", { length: 4 }))).toBeUndefined();
  });
});
