import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Document } from "yaml";
import { yamlString } from "../../../cli/export/yaml-string";
import { hostileOrRegression, REGRESSION_TEXTS } from "../../fixtures/hostile-text";
import { parseYaml, readInterpolation, unsafeRawCharacters } from "../../fixtures/pulumi-yaml-reading";

/** The scalar as its reader reads it: YAML, then (for a program) Pulumi YAML's interpolation. */
const readBack = (scalar: string, reader: "program" | "literal") => {
  const { v } = parseYaml(`v: ${scalar}\n`) as { v: string };
  return reader === "program" ? readInterpolation(v) : v;
};

describe("yamlString", () => {
  it("any text reads back exactly, by YAML's and Pulumi YAML's rules, with no character the Go reader refuses or folds (fast-check)", () => {
    fc.assert(
      fc.property(
        hostileOrRegression(40),
        fc.constantFrom("program" as const, "literal" as const),
        (text, reader) => {
          const scalar = yamlString(text, reader);
          expect(unsafeRawCharacters(scalar)).toEqual([]);
          expect(readBack(scalar, reader)).toBe(text);
        },
      ),
      { numRuns: 2000 },
    );
  });

  // Why the scalars are ours and not the yaml library's: its double-quoted strings leave raw what the Go
  // reader refuses (DEL, U+FFFE) or folds (NEL, U+2028) or takes for a byte-order mark (U+FEFF).
  it("writes escaped what the yaml library's double-quoted strings would leave raw", () => {
    const risky = ["\u007f", "\u0085", "\u2028", "\ufeff", "\ufffe"];
    const library = (text: string) =>
      new Document(text).toString({ defaultStringType: "QUOTE_DOUBLE", lineWidth: 0 }).trimEnd();
    expect(risky.filter((c) => unsafeRawCharacters(library(`a${c}b`)).length > 0)).toEqual(risky);
    expect(risky.filter((c) => unsafeRawCharacters(yamlString(`a${c}b`)).length > 0)).toEqual([]);
  });

  it("the names that changed before read back exactly", () => {
    for (const text of REGRESSION_TEXTS) expect(readBack(yamlString(text), "program")).toBe(text);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal "$$" and "${" a program must not interpolate
    expect(yamlString("Deals $$ today (was $$${price})")).toBe('"Deals $$$$ today (was $$$$$${price})"');
    expect(yamlString("Rub\u007fout \u0085\u2028\u2029\ufeff\uffff 😀")).toBe(
      '"Rub\\x7Fout \\N\\L\\P\\uFEFF\\uFFFF 😀"',
    );
    expect(yamlString("$5", "literal")).toBe('"$5"');
  });

  it("refuses an unpaired surrogate, naming where it is: no YAML file can hold one", () => {
    expect(() => yamlString("ab\ud800")).toThrow(/character 3 is an unpaired surrogate \(U\+D800\)/);
    expect(() => yamlString("\udc00😀")).toThrow(/character 1 .*U\+DC00/);
    expect(yamlString("😀")).toBe('"😀"');
  });
});
