// Writes the reference parts of the documentation from the package schema: every configuration
// key (docs/installation-configuration.md), every property of every resource type and every lookup
// with the records it answers (docs/resources.md), so the docs say what the plugin serves.
// `node dist/scripts/generate/gen-docs.js`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TypeSpec } from "../../provider/plugin/json-type";
import type { PackageSchema, PropertySpec, ResourceSpec } from "../../provider/plugin/schema";
import { repoRoot } from "../tools/engine";
import { schemaFile } from "./gen-schema";
import { renderInstall } from "./install-commands";

/** One generated part of a Markdown file, between its markers. */
export interface GeneratedPart {
  /** Repository-relative Markdown file. */
  readonly file: string;
  /** The part's name in its markers. */
  readonly name: string;
  /** The Markdown the part holds. */
  readonly render: (schema: PackageSchema) => string;
}

/** The lines that open and close the part `name` in its Markdown file. */
export const partMarkers = (name: string): { begin: string; end: string } => ({
  begin: `<!-- BEGIN GENERATED ${name}: node dist/scripts/generate/gen-docs.js writes this part from the package schema -->`,
  end: `<!-- END GENERATED ${name} -->`,
});

/** A property's type as a reader writes it: `string`, `integer or string`, `string[]`. */
export function typeName(type: TypeSpec): string {
  if (type.oneOf) return type.oneOf.map(typeName).join(" or ");
  if (type.type === "array") return `${type.items ? typeName(type.items) : "any"}[]`;
  if (type.$ref) return type.$ref.replace(/^.*[/:]/, "");
  return type.type ?? "any";
}

/** A table cell: pipes escaped, newlines folded. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

function propertyTable(
  properties: Record<string, PropertySpec>,
  required: readonly string[],
  extra: (name: string) => string = () => "",
): string {
  const rows = Object.entries(properties).map(([name, spec]) => {
    const flags = [required.includes(name) ? "required" : "", spec.secret ? "**secret**" : "", extra(name)]
      .filter(Boolean)
      .join(", ");
    return `| \`${name}\` | ${cell(typeName(spec))} | ${flags || "—"} | ${cell(spec.description)} |`;
  });
  return ["| Property | Type | Required, secret | Description |", "|---|---|---|---|", ...rows].join("\n");
}

/** The configuration keys: each `voice:<key>` with its type and description, then the object types they name. */
function renderConfiguration(schema: PackageSchema): string {
  const rows = Object.entries(schema.config.variables).map(
    ([name, spec]) =>
      `| \`${schema.name}:${name}\` | ${cell(typeName(spec))} | ${spec.secret ? "yes" : "no"} | ${cell(spec.description)} |`,
  );
  const types = typesOf(schema.provider).map((type) => typeSection(schema, type, "####"));
  return [["| Key | Type | Secret | Description |", "|---|---|---|---|", ...rows].join("\n"), ...types].join(
    "\n\n",
  );
}

const shortName = (token: string) => token.replace(/^.*:/, "");

/** The object types a property names, through arrays and alternatives, by token. */
function refsOf(type: TypeSpec): string[] {
  return [
    ...(type.$ref ? [type.$ref.replace(/^#\/types\//, "")] : []),
    ...(type.items ? refsOf(type.items) : []),
    ...(type.oneOf ?? []).flatMap(refsOf),
  ];
}

/** The object types a resource's inputs and outputs name, in property order, once each. */
function typesOf(spec: ResourceSpec): string[] {
  const properties = [...Object.values(spec.inputProperties), ...Object.values(spec.properties)];
  return [...new Set(properties.flatMap(refsOf))];
}

/** An object type's section, one heading level under `level`. */
function typeSection(schema: PackageSchema, token: string, level: string): string {
  const type = schema.types[token];
  if (!type) throw new Error(`the schema names type ${token} but does not define it`);
  return [
    `${level} ${shortName(token)}`,
    "",
    `${type.description}`,
    "",
    propertyTable(type.properties, type.required ?? []),
  ].join("\n");
}

function resourceSection(schema: PackageSchema, token: string, spec: ResourceSpec): string {
  const inputs = spec.inputProperties;
  const outputs = Object.fromEntries(Object.entries(spec.properties).filter(([name]) => !(name in inputs)));
  const lines = [
    `### ${shortName(token)} reference`,
    "",
    `\`${token}\`: ${spec.description}`,
    "",
    "Inputs:",
    "",
    propertyTable(inputs, spec.requiredInputs ?? []),
  ];
  if (Object.keys(outputs).length > 0) {
    lines.push("", "Outputs, besides the inputs:", "", propertyTable(outputs, spec.required ?? []));
  }
  // The object types its properties name come with it, not with the lookups' records.
  for (const type of typesOf(spec)) lines.push("", typeSection(schema, type, "####"));
  return lines.join("\n");
}

/** Every resource type with every input and output property and its description, and the object types they name. */
function renderResources(schema: PackageSchema): string {
  return Object.entries(schema.resources)
    .map(([token, spec]) => resourceSection(schema, token, spec))
    .join("\n\n");
}

/** Every lookup with its arguments and answer, then every record type the answers hold (not the resources' or the provider's types). */
function renderLookups(schema: PackageSchema): string {
  const functions = Object.entries(schema.functions).map(([token, fn]) => {
    const args = fn.inputs
      ? ["Arguments:", "", propertyTable(fn.inputs.properties, fn.inputs.required ?? [])]
      : ["No arguments."];
    const answer = ["Answers:", "", propertyTable(fn.outputs.properties, fn.outputs.required ?? [])];
    return [
      `### ${shortName(token)}`,
      "",
      `\`${token}\`: ${fn.description}`,
      "",
      ...args,
      "",
      ...answer,
    ].join("\n");
  });
  const elsewhere = new Set([schema.provider, ...Object.values(schema.resources)].flatMap(typesOf));
  const types = Object.keys(schema.types)
    .filter((token) => !elsewhere.has(token))
    .map((token) => typeSection(schema, token, "###"));
  return [...functions, ...types].join("\n\n");
}

/** The parts this script writes. */
const GENERATED_PARTS: readonly GeneratedPart[] = [
  { file: "docs/installation-configuration.md", name: "install", render: renderInstall },
  { file: "docs/installation-configuration.md", name: "configuration", render: renderConfiguration },
  { file: "docs/resources.md", name: "lookups", render: renderLookups },
  { file: "docs/resources.md", name: "resources", render: renderResources },
];

/** `text` with the part `name` replaced by `body`; fails when the markers are missing. */
export function withPart(text: string, name: string, body: string): string {
  const { begin, end } = partMarkers(name);
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from)
    throw new Error(`no generated part "${name}": add the lines ${begin} and ${end}`);
  return `${text.slice(0, from)}${begin}\n\n${body}\n\n${text.slice(to)}`;
}

/** The package schema as the plugin serves it. */
export const currentSchema = (): PackageSchema => JSON.parse(schemaFile().text) as PackageSchema;

/** Each file's current text and what it should be. */
export function docsFiles(): { file: string; text: string; expected: string }[] {
  const schema = currentSchema();
  const files = [...new Set(GENERATED_PARTS.map((p) => p.file))];
  return files.map((file) => {
    const text = readFileSync(path.join(repoRoot, file), "utf8");
    const expected = GENERATED_PARTS.filter((p) => p.file === file).reduce(
      (acc, part) => withPart(acc, part.name, part.render(schema)),
      text,
    );
    return { file, text, expected };
  });
}

if (require.main === module) {
  for (const { file, text, expected } of docsFiles()) {
    if (text === expected) continue;
    writeFileSync(path.join(repoRoot, file), expected);
    console.log(file);
  }
}
