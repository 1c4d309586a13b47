import { nativeToken } from "../../provider/urn/type-token";
import { type Declared, isStringList } from "./declared";
import { inProgramOrder } from "./native-ids";
import type { Plan, PlannedResource } from "./plan";
import { yamlString as q } from "./yaml-string";

/**
 * How a YAML program takes resources over: the provider's `adopt: true`, or the `import` option.
 * Neither writes: an import reads no write-only value, and the provider takes the auth tokens and SIP
 * passwords the program supplies into the stack without comparing them to the platform's.
 */
export type TakeOver = "import" | "adopt";

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

/** The project's `Pulumi.yaml` for the native provider (`voice:index:*`), program included. */
export function renderYamlProject(
  p: Plan,
  o: { project: string; orgHandle: string; pluginPath?: string | undefined; takeOver: TakeOver },
): string {
  const lines: string[] = [
    `name: ${q(o.project)}`,
    "runtime: yaml",
    // Pulumi YAML reads the project's name and description as program values (the CLI as written):
    // escaped for the host, which reads `${` in them as a reference; a project name has no `$` to differ on.
    `description: ${q(`The telephony of organization ${o.orgHandle}, exported by pulumi-voice-platform export`)}`,
  ];
  if (o.pluginPath !== undefined)
    lines.push("plugins:", "  providers:", "    - name: voice", `      path: ${q(o.pluginPath, "literal")}`);
  if (p.secrets.length > 0) {
    lines.push("config:");
    for (const s of p.secrets) lines.push(`  ${s.key}:`, "    type: string", "    secret: true");
  }
  lines.push("resources:");
  const resource = (r: PlannedResource) => {
    lines.push(
      `  ${r.variable}:`,
      `    type: ${nativeToken(r.descriptor.type)}`,
      `    name: ${q(r.name)}`,
      "    properties:",
    );
    for (const [k, v] of r.properties) {
      const text = value(v);
      lines.push(text.startsWith("\n") ? `      ${k}:${text}` : `      ${k}: ${text}`);
    }
    if (o.takeOver === "adopt") lines.push("      adopt: true");
    else lines.push("    options:", `      import: ${q(r.id)}`);
  };
  for (const r of inProgramOrder(p)) resource(r);
  return `${lines.join("\n")}\n`;
}
