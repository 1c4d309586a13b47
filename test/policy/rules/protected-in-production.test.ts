import { describe, expect, it } from "vitest";
import { protectViolations } from "../../../policy/rules/protected-in-production";
import { resource } from "../../fixtures/policy-resource";

describe("protectViolations", () => {
  it("wants provider configurations and bridges protected in production, naming the resource", () => {
    expect(protectViolations(resource("Bridge", {}, { name: "support" }), "prod", {})).toEqual([
      `Bridge 'support' is not protected; in production stack "prod" set the resource option \`protect: true\`, ` +
        "so that removing it from the code cannot delete it",
    ]);
    expect(protectViolations(resource("ProviderConfiguration", {}), "prod", {})).toHaveLength(1);
    expect(protectViolations(resource("Bridge", {}, { protect: true }), "prod", {})).toEqual([]);
  });

  it("leaves other types and other stacks alone", () => {
    expect(protectViolations(resource("SipTrunk", {}), "prod", {})).toEqual([]);
    expect(protectViolations(resource("BridgeNumber", {}), "prod", {})).toEqual([]);
    expect(protectViolations(resource("Bridge", {}), "staging", {})).toEqual([]);
  });

  it("takes the types and the production stacks from the config", () => {
    const config = { types: ["SipTrunk" as const], productionStacks: ["live"] };
    expect(protectViolations(resource("SipTrunk", {}), "live", config)).toHaveLength(1);
    expect(protectViolations(resource("Bridge", {}), "live", config)).toEqual([]);
    expect(protectViolations(resource("SipTrunk", {}), "prod", config)).toEqual([]);
  });
});
