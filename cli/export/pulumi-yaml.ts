// A Pulumi YAML program (`Pulumi.yaml`, program included) as text: the one writer the export and the
// benchmarks' YAML programs share. Every scalar goes through `yamlString`, which the Go YAML reader of
// the engine reads back as written (test/cli/export's golden and hostile-text tests hold it to that).
import { type Declared, isStringList } from "./declared";
import { yamlString as q } from "./yaml-string";

/** One resource of the program: its variable, type token, optional physical name, inputs in order, and how it is taken over. */
export interface YamlResource {
  variable: string;
  type: string;
  name?: string;
  properties: readonly (readonly [string, Declared])[];
  /** `adopt: true` among the properties, or the `import` option with this id. */
  takeOver?: { adopt: true } | { importId: string };
}

/** The project: name, description, the plugin's folder (if loaded from a path), secret config keys, resources. */
export interface YamlProgram {
  project: string;
  description: string;
  pluginPath?: string | undefined;
  secrets: readonly string[];
  resources: Iterable<YamlResource>;
}

/**
 * A declared value in YAML: a quoted literal, a reference to the secret config or the output it is,
 * or (a list of objects) a block sequence on the lines after its key, indented under a property.
 */
function value(v: Declared): string {
  if (typeof v === "string") return q(v);
  if (isStringList(v)) return `[${v.map((item) => q(item)).join(", ")}]`;
  if ("secret" in v) return `\${${v.secret}}`;
  if ("ref" in v) return `\${${v.ref}.${v.output}}`;
  if (v.items.length === 0) return "[]";
  // Block style: a flow mapping cannot hold a plain `${…}`, whose braces are flow indicators.
  return v.items
    .flatMap((fields) => fields.map(([k, f], i) => `\n        ${i === 0 ? "- " : "  "}${k}: ${value(f)}`))
    .join("");
}

/** The program's `Pulumi.yaml`. */
export function writePulumiYaml(p: YamlProgram): string {
  const lines: string[] = [
    `name: ${q(p.project)}`,
    "runtime: yaml",
    // Pulumi YAML reads the project's name and description as program values (the CLI as written):
    // escaped for the host, which reads `${` in them as a reference; a project name has no `$` to differ on.
    `description: ${q(p.description)}`,
  ];
  if (p.pluginPath !== undefined)
    lines.push("plugins:", "  providers:", "    - name: voice", `      path: ${q(p.pluginPath, "literal")}`);
  if (p.secrets.length > 0) {
    lines.push("config:");
    for (const key of p.secrets) lines.push(`  ${key}:`, "    type: string", "    secret: true");
  }
  lines.push("resources:");
  for (const r of p.resources) {
    lines.push(`  ${r.variable}:`, `    type: ${r.type}`);
    if (r.name !== undefined) lines.push(`    name: ${q(r.name)}`);
    lines.push("    properties:");
    for (const [k, v] of r.properties) {
      const text = value(v);
      lines.push(text.startsWith("\n") ? `      ${k}:${text}` : `      ${k}: ${text}`);
    }
    if (r.takeOver && "adopt" in r.takeOver) lines.push("      adopt: true");
    else if (r.takeOver) lines.push("    options:", `      import: ${q(r.takeOver.importId)}`);
  }
  return `${lines.join("\n")}\n`;
}
