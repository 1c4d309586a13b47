import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { camelCase, sanitizeName, uniqueIdentifiers, uniqueNames } from "../../../cli/export/names";

describe("export names", () => {
  it("free text becomes a readable resource name", () => {
    expect(sanitizeName("Primary Edge", "trunk")).toBe("primary-edge");
    expect(sanitizeName("Café  Zürich / 2", "trunk")).toBe("cafe-zurich-2");
    expect(sanitizeName("漢字", "trunk")).toBe("trunk");
    expect(sanitizeName("  --x--  ", "trunk")).toBe("x");
  });

  it("duplicates get -2, -3 in order; the first keeps the plain name", () => {
    expect(uniqueNames(["edge", "edge", "edge-2", "edge"])).toEqual(["edge", "edge-2", "edge-2-2", "edge-3"]);
  });

  it("identifiers are camel case, never start with a digit, never reserved, unique", () => {
    expect(camelCase("support-line", "bridge")).toBe("supportLine");
    expect(camelCase("911-line", "bridge")).toBe("bridge911Line");
    expect(uniqueIdentifiers(["config", "link", "sales", "sales"])).toEqual([
      "config2",
      "link2",
      "sales",
      "sales2",
    ]);
  });

  it("for any texts: names are unique and sanitized; identifiers are valid and unique", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 60 }), { maxLength: 20 }), (texts) => {
        const names = uniqueNames(texts.map((t) => sanitizeName(t, "x")));
        expect(new Set(names).size).toBe(names.length);
        for (const n of names) expect(n).toMatch(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/);
        const ids = uniqueIdentifiers(names.map((n) => camelCase(n, "x")));
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(id).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
      }),
      { numRuns: 500 },
    );
  });
});
