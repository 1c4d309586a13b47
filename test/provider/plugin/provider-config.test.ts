// A provider's own inputs: failures name the property (never the token's value), the token is
// marked secret, and only a known organization that changes replaces the provider.
import { describe, expect, it } from "vitest";
import {
  checkProviderConfig,
  diffProviderConfig,
  inputsLookup,
  settingsOwner,
} from "../../../provider/plugin/provider-config";
import { secret } from "../../../provider/plugin/secrets";

describe("provider inputs", () => {
  it("names each invalid input and keeps the token's value out of the failures", () => {
    const { failures } = checkProviderConfig({
      baseUrl: "nope",
      token: secret("s3cret"),
      maxRetries: "many",
    });
    expect(failures.map((f) => f.property).sort()).toEqual(["baseUrl", "maxRetries"]);
    expect(failures.map((f) => f.reason).join()).toMatch(/^baseUrl .*maxRetries /);
    expect(JSON.stringify(failures)).not.toContain("s3cret");
  });

  it("marks a plain token secret and passes the rest through", () => {
    const { inputs, failures } = checkProviderConfig({ baseUrl: "https://x", token: "t", version: "0.1.0" });
    expect(failures).toEqual([]);
    expect(inputs).toEqual({ baseUrl: "https://x", token: secret("t"), version: "0.1.0" });
  });

  it("takes the impact settings as inputs of their own types, and names a bad one", () => {
    const acknowledged = [{ resource: "busy", reason: "CHG-42" }];
    const inputs = {
      impact: true,
      impactWindowDays: 14,
      impactRecentHours: 2,
      acknowledgeImpact: acknowledged,
    };
    expect(checkProviderConfig(inputs).failures).toEqual([]);
    expect(JSON.parse(inputsLookup(inputs)("voice:acknowledgeImpact") ?? "")).toEqual(acknowledged);
    expect(inputsLookup(inputs)("voice:impact")).toBe("true");
    const { failures } = checkProviderConfig({ impactWindowDays: 0, acknowledgeImpact: [{ reason: "x" }] });
    expect(failures).toEqual([
      { property: "impactWindowDays", reason: "impactWindowDays must be greater than 0" },
      {
        property: "acknowledgeImpact",
        reason:
          "acknowledgeImpact at [0].resource: must name the resource whose impact is acknowledged (its name in the program)",
      },
    ]);
  });

  it("names the default provider's bad setting by its stack config key", () => {
    const { failures } = checkProviderConfig({ impactRecentHours: "-3" }, { defaultProvider: true });
    expect(failures).toEqual([
      { property: "impactRecentHours", reason: "voice:impactRecentHours must be greater than 0" },
    ]);
  });

  it("replaces on a changed organization only when the old one is known", () => {
    expect(diffProviderConfig({ orgHandle: "acme" }, { orgHandle: "globex" })).toEqual({
      changed: ["orgHandle"],
      replaces: ["orgHandle"],
    });
    expect(diffProviderConfig({}, { orgHandle: "acme", timeoutMs: 5 })).toEqual({
      changed: ["orgHandle", "timeoutMs"],
      replaces: [],
    });
    expect(diffProviderConfig({ timeoutMs: "5" }, { timeoutMs: 5 }).changed).toEqual([]);
  });

  it("tells the default provider (named by the engine) from an explicit one", () => {
    expect(settingsOwner("default")).toEqual({ defaultProvider: true });
    expect(settingsOwner("default_0_1_0")).toEqual({ defaultProvider: true });
    expect(settingsOwner("globex")).toEqual({ provider: "globex" });
  });
});
