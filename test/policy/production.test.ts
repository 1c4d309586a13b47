import { describe, expect, it } from "vitest";
import { DEFAULT_PRODUCTION_STACKS, isProduction } from "../../policy/production";

describe("isProduction", () => {
  it("by default counts prod, production and their prefixed names", () => {
    for (const stack of ["prod", "production", "prod-eu", "production-us-east"]) {
      expect(isProduction(stack, {})).toBe(true);
    }
    for (const stack of ["dev", "staging", "preprod", "prod2", "product"]) {
      expect(isProduction(stack, {})).toBe(false);
    }
  });

  it("takes names and * patterns from the config, matching whole names only", () => {
    const config = { productionStacks: ["live", "*-live", "acme.prod"] };
    expect(isProduction("live", config)).toBe(true);
    expect(isProduction("eu-live", config)).toBe(true);
    expect(isProduction("acme.prod", config)).toBe(true);
    expect(isProduction("acmeXprod", config)).toBe(false);
    expect(isProduction("live-test", config)).toBe(false);
    expect(isProduction("prod", config)).toBe(false);
  });

  it("counts nothing as production with an empty list", () => {
    expect(DEFAULT_PRODUCTION_STACKS.some((stack) => isProduction(stack, { productionStacks: [] }))).toBe(
      false,
    );
  });
});
