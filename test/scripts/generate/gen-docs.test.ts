// The reference parts of the documentation are what the plugin's package schema says: the committed
// docs/installation-configuration.md and docs/resources.md hold every configuration key and every
// property of every resource type with its description, as scripts/generate/gen-docs.ts writes them.
import { describe, expect, it } from "vitest";
import {
  currentSchema,
  docsFiles,
  partMarkers,
  typeName,
  withPart,
} from "../../../scripts/generate/gen-docs";

/** Whether the provider's inputs (its configuration) name the object type `token`. */
const ofProvider = (token: string): boolean =>
  JSON.stringify(currentSchema().provider.inputProperties).includes(`"#/types/${token}"`);

describe("the generated reference in the documentation", () => {
  it.each(docsFiles().map((f) => [f.file, f] as const))(
    "%s is current (regenerate: npm run build && node dist/scripts/generate/gen-docs.js)",
    (_file, { text, expected }) => {
      expect(text).toBe(expected);
    },
  );

  it("names every configuration key and every resource property with its description", () => {
    const schema = currentSchema();
    const [config, resources] = docsFiles().map((f) => f.text);
    for (const [key, spec] of Object.entries(schema.config.variables)) {
      expect(config).toContain(`| \`voice:${key}\` |`);
      expect(config).toContain(spec.description);
    }
    // The object types a setting names (the acknowledgements) come with the configuration.
    for (const [token, type] of Object.entries(schema.types).filter(([token]) => ofProvider(token))) {
      expect(config, token).toContain(`#### ${token.replace(/^.*:/, "")}\n`);
      for (const property of Object.values(type.properties)) expect(config).toContain(property.description);
    }
    for (const [token, spec] of Object.entries(schema.resources)) {
      expect(resources).toContain(`\`${token}\``);
      for (const [name, property] of Object.entries({ ...spec.inputProperties, ...spec.properties })) {
        expect(resources, `${token}.${name}`).toContain(`| \`${name}\` |`);
        expect(resources, `${token}.${name}`).toContain(property.description.replace(/\|/g, "\\|"));
      }
    }
  });

  it("names every lookup with its arguments and answer, and every field of the records it answers", () => {
    const schema = currentSchema();
    const resources = docsFiles().find((f) => f.file === "docs/resources.md")?.text ?? "";
    const reference = resources.slice(resources.indexOf(partMarkers("lookups").begin));
    for (const [token, fn] of Object.entries(schema.functions)) {
      expect(reference, token).toContain(`\`${token}\``);
      const properties = { ...fn.inputs?.properties, ...fn.outputs.properties };
      for (const [name, property] of Object.entries(properties)) {
        expect(reference, `${token}.${name}`).toContain(`| \`${name}\` |`);
        expect(reference, `${token}.${name}`).toContain(property.description.replace(/\|/g, "\\|"));
      }
    }
    for (const [token, type] of Object.entries(schema.types).filter(([token]) => !ofProvider(token))) {
      expect(reference, token).toContain(`### ${token.replace(/^.*:/, "")}\n`);
      for (const [name, property] of Object.entries(type.properties)) {
        expect(reference, `${token}.${name}`).toContain(property.description.replace(/\|/g, "\\|"));
      }
    }
  });

  it("replaces a stale part and names a missing marker", () => {
    const { begin, end } = partMarkers("configuration");
    const stale = `intro\n${begin}\nold table\n${end}\noutro\n`;
    expect(withPart(stale, "configuration", "new table")).toBe(
      `intro\n${begin}\n\nnew table\n\n${end}\noutro\n`,
    );
    expect(() => withPart("no markers", "configuration", "x")).toThrow(/no generated part "configuration"/);
    expect(typeName({ oneOf: [{ type: "integer" }, { type: "string" }] })).toBe("integer or string");
    expect(typeName({ type: "array", items: { type: "string" } })).toBe("string[]");
  });
});
