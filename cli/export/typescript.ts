import { type Declared, declared, declaredConfiguration, declaredTrunk } from "./declared";
import { descriptorOfKind, type Kind } from "./kinds";
import type { Plan, PlannedTrunk } from "./plan";
import { quoted as str } from "./quoted";

/** An object literal over `entries` (values already rendered), one property a line. */
function object(entries: [string, string][], indent: string): string {
  return `{\n${entries.map(([k, v]) => `${indent}  ${k}: ${v},`).join("\n")}\n${indent}}`;
}

/** A declared value as TypeScript: a literal, or the secret stack config it is read from. */
function value(v: Declared): string {
  if (typeof v === "string") return str(v);
  if ("secret" in v) return `config.requireSecret(${str(v.secret)})`;
  return `[${v.map(str).join(", ")}]`;
}

/** The object literal of declared properties, taking over with `adopt: true`. */
const body = (props: [string, Declared][]): string =>
  object([...props.map(([k, v]): [string, string] => [k, value(v)]), ["adopt", "true"]], "");

/** `new voice.<Type>(name, { … })` for a record of `kind`, the class named by its resource type. */
function declaration(kind: Kind, name: string, props: [string, Declared][]): string {
  return `new voice.${descriptorOfKind(kind).type}(${str(name)}, ${body(props)});`;
}

const trunk = (t: PlannedTrunk): string => declaration("trunk", t.name, declaredTrunk(t));

const LINK_HELPER = `/** Links each number to the bridge through the configuration; a link is named by its phone number. */
function link(bridge: voice.Bridge, configuration: voice.ProviderConfiguration, phoneNumbers: string[]): void {
  for (const phoneNumber of phoneNumbers) {
    new voice.BridgeNumber(phoneNumber, {
      bridgeSlug: bridge.slug,
      providerConfigurationId: configuration.configurationId,
      phoneNumber,
      adopt: true,
    });
  }
}`;

/**
 * The program (`index.ts`) for the dynamic resources: every resource says `adopt: true`, so the
 * first `pulumi up` takes over what the platform holds when it equals the declaration, writing
 * nothing; links reference their bridge's and configuration's outputs.
 */
export function renderTypeScript(p: Plan, orgHandle: string): string {
  const parts: string[] = [
    `// The telephony of organization ${str(orgHandle)}, exported by \`pulumi-voice-platform export\`.`,
    "// `adopt: true` takes each resource over on the first `pulumi up` when the platform holds exactly",
    "// what is declared here, writing nothing; keep it, or remove it once the stack holds them.",
    'import * as pulumi from "@pulumi/pulumi";',
    'import * as voice from "pulumi-voice-platform";',
    "",
    "const config = new pulumi.Config();",
  ];
  if (p.configurations.length > 0)
    parts.push(
      "",
      "// Provider configurations: the auth tokens are write-only on the platform, so they come from secret config.",
    );
  for (const c of p.configurations)
    parts.push(`const ${c.variable} = ${declaration("configuration", c.name, declaredConfiguration(c))}`);
  if (p.linkCount > 0) parts.push("", LINK_HELPER);
  if (p.bridges.length > 0) parts.push("", "// Bridges, each with the numbers linked to it.");
  for (const b of p.bridges) {
    const bridge = declaration("bridge", b.name, declared("bridge", b.bridge));
    parts.push(b.links.length > 0 ? `const ${b.variable} = ${bridge}` : bridge);
    for (const l of b.links)
      parts.push(
        `link(${b.variable}, ${l.configuration.variable}, [\n${l.phoneNumbers.map((n) => `  ${str(n)},`).join("\n")}\n]);`,
      );
  }
  if (p.trunks.length > 0)
    parts.push(
      "",
      "// SIP trunks: the passwords are masked by the platform, so they come from secret config.",
    );
  for (const t of p.trunks) parts.push(trunk(t));
  return `${parts.join("\n")}\n`;
}
