// A URN read once: the resource's own type token (its parents' left out) and its name.
import { describe, expect, it } from "vitest";
import { parseUrn, resourceName } from "../../../provider/urn/urn";

describe("parseUrn", () => {
  it("reads the type token and the name", () => {
    expect(parseUrn("urn:pulumi:dev::proj::voice:index:Bridge::support")).toEqual({
      token: "voice:index:Bridge",
      name: "support",
    });
  });

  it("takes the resource's own type from a chain of parent types", () => {
    const urn = "urn:pulumi:dev::proj::acme:index:Site$pulumi-nodejs:dynamic/voice:Bridge::support";
    expect(parseUrn(urn)?.token).toBe("pulumi-nodejs:dynamic/voice:Bridge");
  });

  it("keeps a name that holds the delimiter whole", () => {
    expect(parseUrn("urn:pulumi:dev::proj::voice:index:Bridge::a::b")?.name).toBe("a::b");
  });

  it("reads no URN from a bare name or a truncated URN", () => {
    for (const text of ["support", "", "urn:pulumi:dev::proj", "urn:x::p::voice:index:Bridge::b"])
      expect(parseUrn(text)).toBeUndefined();
  });
});

describe("resourceName", () => {
  it("is the name of a URN, and a bare name itself", () => {
    expect(resourceName("urn:pulumi:dev::proj::voice:index:BridgeNumber::main-line")).toBe("main-line");
    expect(resourceName("main-line")).toBe("main-line");
  });
});
