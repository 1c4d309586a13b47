import { describe, expect, it } from "vitest";
import { bridgeSlugViolations, DEFAULT_SLUG_PATTERN } from "../../../policy/rules/bridge-slug";
import { NOT_YET_KNOWN } from "../../../policy/voice-resource";
import { resource } from "../../fixtures/policy-resource";

const bridge = (slug: Parameters<typeof resource>[1][string]) =>
  resource("Bridge", { slug }, { name: "support" });

describe("bridgeSlugViolations", () => {
  it("by default wants lowercase words joined by single hyphens, starting with a letter", () => {
    for (const slug of ["support", "sales-emea", "tier2-line"])
      expect(bridgeSlugViolations(bridge(slug), {})).toEqual([]);
    for (const slug of ["2nd-line", "sales--emea", "sales-", "Sales"]) {
      expect(bridgeSlugViolations(bridge(slug), {})).toEqual([
        `Bridge 'support': slug "${slug}" does not follow the naming rule /${DEFAULT_SLUG_PATTERN}/`,
      ]);
    }
  });

  it("takes the rule from the config", () => {
    const config = { pattern: "^acme-[a-z]+$" };
    expect(bridgeSlugViolations(bridge("acme-support"), config)).toEqual([]);
    expect(bridgeSlugViolations(bridge("support"), config)).toEqual([
      `Bridge 'support': slug "support" does not follow the naming rule /^acme-[a-z]+$/`,
    ]);
  });

  it("leaves slugs not known yet and other resources alone", () => {
    expect(bridgeSlugViolations(bridge(NOT_YET_KNOWN), {})).toEqual([]);
    expect(bridgeSlugViolations(resource("BridgeNumber", { slug: "Not A Slug" }), {})).toEqual([]);
  });
});
