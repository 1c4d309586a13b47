// The package's two token forms, each built by one function and read back by one.
import { describe, expect, it } from "vitest";
import { dynamicToken, nativeToken, typeOfToken } from "../../../provider/urn/type-token";

describe("type tokens", () => {
  it("are built as the engine sees them", () => {
    expect(nativeToken("Bridge")).toBe("voice:index:Bridge");
    expect(dynamicToken("Bridge")).toBe("pulumi-nodejs:dynamic/voice:Bridge");
  });

  it("are read back to the name and the front door", () => {
    expect(typeOfToken(nativeToken("SipTrunk"))).toEqual({ name: "SipTrunk", door: "native" });
    expect(typeOfToken(dynamicToken("BridgeNumber"))).toEqual({ name: "BridgeNumber", door: "dynamic" });
  });

  it("read nothing from other packages' tokens, the shared dynamic token or the provider's", () => {
    for (const token of [
      "aws:s3/bucket:Bucket",
      "pulumi-nodejs:dynamic:Resource",
      "pulumi-nodejs:dynamic/other:Bridge",
      "pulumi:providers:voice",
      "voice:index:",
    ])
      expect(typeOfToken(token)).toBeUndefined();
  });
});
