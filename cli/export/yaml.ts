import { type Declared, declared, declaredConfiguration, declaredTrunk } from "./declared";
import { importTargets, linkKey, NATIVE_TYPE } from "./native-ids";
import type { Plan } from "./plan";
import { yamlString as q } from "./yaml-string";

/**
 * How a YAML program takes resources over: the provider's `adopt: true`, or the `import` option.
 * Neither writes: an import reads no write-only value, and the provider takes the auth tokens and SIP
 * passwords the program supplies into the stack without comparing them to the platform's.
 */
export type TakeOver = "import" | "adopt";

/** A declared value in YAML: a quoted literal, or a reference to the secret config it is read from. */
function value(v: Declared): string {
  if (typeof v === "string") return q(v);
  if ("secret" in v) return `\${${v.secret}}`;
  return `[${v.map((item) => q(item)).join(", ")}]`;
}

/** The project's `Pulumi.yaml` for the native provider (`voice:index:*`), program included. */
export function renderYamlProject(
  p: Plan,
  o: { project: string; orgHandle: string; pluginPath?: string | undefined; takeOver: TakeOver },
): string {
  const ids = new Map(importTargets(p).map((t) => [`${t.type} ${t.name}`, t.id]));
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
  const resource = (key: string, type: string, name: string, props: [string, string][]) => {
    lines.push(`  ${key}:`, `    type: ${type}`, `    name: ${q(name)}`, "    properties:");
    for (const [k, v] of props) lines.push(`      ${k}: ${v}`);
    if (o.takeOver === "adopt") lines.push("      adopt: true");
    else lines.push("    options:", `      import: ${q(ids.get(`${type} ${name}`) ?? "")}`);
  };
  const props = (values: [string, Declared][]): [string, string][] => values.map(([k, v]) => [k, value(v)]);
  for (const c of p.configurations)
    resource(c.variable, NATIVE_TYPE.configuration, c.name, props(declaredConfiguration(c)));
  for (const b of p.bridges) {
    resource(b.variable, NATIVE_TYPE.bridge, b.name, props(declared("bridge", b.bridge)));
    for (const l of b.links)
      for (const n of l.phoneNumbers)
        resource(linkKey(n), NATIVE_TYPE.link, n, [
          ["bridgeSlug", `\${${b.variable}.slug}`],
          ["providerConfigurationId", `\${${l.configuration.variable}.configurationId}`],
          ["phoneNumber", q(n)],
        ]);
  }
  for (const t of p.trunks) resource(t.variable, NATIVE_TYPE.trunk, t.name, props(declaredTrunk(t)));
  return `${lines.join("\n")}\n`;
}
