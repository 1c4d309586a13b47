import { trunkFields } from "../../provider/resources/sip-trunk/export";
import type { Plan, PlannedTrunk } from "./plan";
import { quoted as str } from "./quoted";

/** An object literal over `entries` (values already rendered), one property a line. */
function object(entries: [string, string][], indent: string): string {
  return `{\n${entries.map(([k, v]) => `${indent}  ${k}: ${v},`).join("\n")}\n${indent}}`;
}

function trunk(t: PlannedTrunk): string {
  const f = trunkFields(t.trunk);
  const entries: [string, string][] = [
    ["name", str(f.name)],
    ["sipUrl", str(f.sipUrl)],
    ["transport", str(f.transport)],
    ["port", str(f.port)],
  ];
  if (f.authUsername !== undefined) entries.push(["authUsername", str(f.authUsername)]);
  if (t.authPassword) entries.push(["authPassword", `config.requireSecret(${str(t.authPassword.key)})`]);
  if (f.allowedIps) entries.push(["allowedIps", `[${f.allowedIps.map(str).join(", ")}]`]);
  entries.push(["adopt", "true"]);
  return `new voice.SipTrunk(${str(t.name)}, ${object(entries, "")});`;
}

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
  for (const c of p.configurations) {
    const body = object(
      [
        ["provider", str(c.provider)],
        ["accountSid", str(c.accountSid)],
        ["authToken", `config.requireSecret(${str(c.authToken.key)})`],
        ["adopt", "true"],
      ],
      "",
    );
    parts.push(`const ${c.variable} = new voice.ProviderConfiguration(${str(c.name)}, ${body});`);
  }
  if (p.linkCount > 0) parts.push("", LINK_HELPER);
  if (p.bridges.length > 0) parts.push("", "// Bridges, each with the numbers linked to it.");
  for (const b of p.bridges) {
    const body = object(
      [
        ["name", str(b.bridge.name)],
        ["slug", str(b.bridge.slug)],
        ["adopt", "true"],
      ],
      "",
    );
    const bridge = `new voice.Bridge(${str(b.name)}, ${body});`;
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
