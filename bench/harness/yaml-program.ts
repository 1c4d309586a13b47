// The benchmarks' estate as a Pulumi YAML program on the native provider plugin: the same resources,
// inputs, secrets and references as bench/harness/program/index.js declares on the native side, with no
// Node.js language host (the engine's YAML language host evaluates it).
import type { EstateSpec } from "../../estate/estate";

/** A YAML double-quoted scalar: JSON's string syntax is a subset of it. */
const q = (s: string): string => JSON.stringify(s);

/** A Pulumi YAML interpolation of a config value or a resource output. */
const ref = (what: string): string => `\${${what}}`;

/** `Pulumi.yaml` of `spec` as project `name`, loading the plugin from `pluginDir`. */
export function renderYamlProgram(spec: EstateSpec, name: string, pluginDir: string): string {
  const lines = [
    `name: ${name}`,
    "description: The benchmarks' estate as a YAML program on the native provider plugin.",
    "runtime: yaml",
    "plugins:",
    "  providers:",
    "    - name: voice",
    `      path: ${q(pluginDir)}`,
    "config:",
    "  authToken:",
    "    type: string",
    "    secret: true",
    "  sipPassword:",
    "    type: string",
    "    secret: true",
    "resources:",
  ];
  const resource = (logical: string, type: string, props: string[]) =>
    lines.push(
      `  ${logical}:`,
      `    type: voice:index:${type}`,
      "    properties:",
      ...props.map((p) => `      ${p}`),
    );
  for (const c of spec.configurations) {
    resource(c.name, "ProviderConfiguration", [
      `provider: ${q(c.provider)}`,
      `accountSid: ${q(c.accountSid)}`,
      `authToken: ${ref("authToken")}`,
    ]);
  }
  for (const b of spec.bridges)
    resource(b.name, "Bridge", [`name: ${q(b.bridgeName)}`, `slug: ${q(b.slug)}`]);
  for (const n of spec.numbers) {
    resource(n.name, "BridgeNumber", [
      `bridgeSlug: \${${n.bridge}.slug}`,
      `providerConfigurationId: \${${n.configuration}.configurationId}`,
      `phoneNumber: ${q(n.phoneNumber)}`,
    ]);
  }
  for (const s of spec.sets ?? []) {
    resource(s.name, "BridgeNumbers", [
      `bridgeSlug: \${${s.bridge}.slug}`,
      "numbers:",
      ...s.numbers.flatMap((n) => [
        `  - phoneNumber: ${q(n.phoneNumber)}`,
        `    providerConfigurationId: \${${n.configuration}.configurationId}`,
      ]),
    ]);
  }
  for (const t of spec.trunks) {
    resource(t.name, "SipTrunk", [
      `name: ${q(t.name)}`,
      `sipUrl: ${q(t.sipUrl)}`,
      `transport: ${q(t.transport)}`,
      `port: ${q(t.port)}`,
      `authUsername: ${q(t.authUsername)}`,
      `authPassword: ${ref("sipPassword")}`,
      `allowedIps: [${t.allowedIps.map(q).join(", ")}]`,
    ]);
  }
  return `${lines.join("\n")}\n`;
}
