import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { derive } from "../../../cli/export/derive";
import { select } from "../../../cli/export/filters";
import { importTargets, renderImportFile } from "../../../cli/export/native-ids";
import type { Organization } from "../../../cli/export/organization";
import { plan, plannedOf } from "../../../cli/export/plan";
import { renderYamlProject } from "../../../cli/export/yaml";
import { allowedIpSet } from "../../../provider/resources/sip-trunk/allowed-ips";
import { hostileOrganization } from "../../fixtures/export-organization";
import { parseYaml, readInterpolation, unsafeRawCharacters } from "../../fixtures/pulumi-yaml-reading";

const org: Organization = {
  orgHandle: "acme",
  configurations: [{ id: 4, provider: "twilio", account_sid: "AC1" }],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal "${" the export must keep from interpolation
  bridges: [{ slug: "support", name: 'Support "${x}"', provider: "twilio", numbers: ["+14155550100"] }],
  trunks: [
    {
      id: 9,
      name: "Edge",
      sip_url: "sip.example.com",
      transport: "tls",
      port: "5061",
      auth_username: "u",
      auth_password: "********",
      allowed_ips: "203.0.113.10",
      active: true,
    },
  ],
};
const p = plan(select(derive(org, "per-link").records, [], []), "per-link");

describe("the exported YAML program (native provider)", () => {
  it("declares voice:index:* resources with references, secret config and the import option", () => {
    expect(renderYamlProject(p, { project: "acme-telephony", orgHandle: "acme", takeOver: "import" })).toBe(
      `name: "acme-telephony"
runtime: yaml
description: "The telephony of organization acme, exported by pulumi-voice-platform export"
config:
  twilioAuthToken:
    type: string
    secret: true
  edgeSipPassword:
    type: string
    secret: true
resources:
  twilio:
    type: voice:index:ProviderConfiguration
    name: "twilio"
    properties:
      provider: "twilio"
      accountSid: "AC1"
      authToken: \${twilioAuthToken}
    options:
      import: "4"
  support:
    type: voice:index:Bridge
    name: "support"
    properties:
      name: "Support \\"$\${x}\\""
      slug: "support"
    options:
      import: "support"
  n14155550100:
    type: voice:index:BridgeNumber
    name: "+14155550100"
    properties:
      bridgeSlug: \${support.slug}
      providerConfigurationId: \${twilio.configurationId}
      phoneNumber: "+14155550100"
    options:
      import: "4/+14155550100"
  edgeTrunk:
    type: voice:index:SipTrunk
    name: "edge"
    properties:
      name: "Edge"
      sipUrl: "sip.example.com"
      transport: "tls"
      port: "5061"
      authUsername: "u"
      authPassword: \${edgeSipPassword}
      allowedIps: ["203.0.113.10"]
    options:
      import: "9"
`,
    );
  });

  it("with --take-over adopt, each resource says adopt: true instead of importing", () => {
    const text = renderYamlProject(p, {
      project: "x",
      orgHandle: "acme",
      takeOver: "adopt",
      pluginPath: "/opt/bin",
    });
    expect(text).not.toContain("import:");
    expect(text.match(/ {6}adopt: true/g)).toHaveLength(4);
    expect(text).toContain('plugins:\n  providers:\n    - name: voice\n      path: "/opt/bin"\n');
  });

  it("the import file lists every resource with the id its provider reads it by", () => {
    expect(JSON.parse(renderImportFile(p)).resources).toEqual(
      importTargets(p).map((t) => ({ type: t.type, name: t.key, id: t.id, logicalName: t.name })),
    );
    expect(importTargets(p).map((t) => `${t.type} ${t.name} ${t.id}`)).toEqual([
      "voice:index:ProviderConfiguration twilio 4",
      "voice:index:Bridge support support",
      "voice:index:BridgeNumber +14155550100 4/+14155550100",
      "voice:index:SipTrunk edge 9",
    ]);
  });

  it("every name, account, user name, URL and id reads back exactly as the platform holds it (fast-check)", () => {
    type Declared = { name: string; properties: Record<string, unknown>; options?: { import: string } };
    fc.assert(
      fc.property(
        hostileOrganization,
        fc.constantFrom("import" as const, "adopt" as const),
        (org, takeOver) => {
          const p = plan(select(derive(org, "per-link").records, [], []), "per-link");
          const text = renderYamlProject(p, { project: "acme-telephony", orgHandle: "acme", takeOver });
          expect(unsafeRawCharacters(text).filter((c) => c !== "\n")).toEqual([]);
          const { resources } = parseYaml(text) as { resources: Record<string, Declared> };
          /** A scalar as the program reads it: YAML, then Pulumi YAML's interpolation. */
          const read = (v: unknown) => (typeof v === "string" ? readInterpolation(v) : v);
          for (const t of importTargets(p)) {
            const r = resources[t.key];
            expect(read(r?.name)).toBe(t.name);
            if (takeOver === "import") expect(read(r?.options?.import)).toBe(t.id);
          }
          const props = (key: string, names: string[]) =>
            names.map((n) => {
              const v = resources[key]?.properties[n];
              return Array.isArray(v) ? v.map(read) : read(v);
            });
          for (const c of plannedOf(p, "configuration"))
            expect(props(c.variable, ["provider", "accountSid"])).toEqual([
              c.record.provider,
              c.record.account_sid,
            ]);
          for (const b of plannedOf(p, "bridge"))
            expect(props(b.variable, ["name", "slug"])).toEqual([b.record.name, b.record.slug]);
          for (const t of plannedOf(p, "trunk"))
            expect(props(t.variable, ["name", "sipUrl", "authUsername", "allowedIps"])).toEqual([
              t.record.name,
              t.record.sip_url,
              t.record.auth_username ?? undefined,
              declaredIps(t.record.allowed_ips),
            ]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/** The IPs a program declares for a trunk: the set its state records, absent when empty. */
function declaredIps(joined: string): string[] | undefined {
  const ips = allowedIpSet(joined);
  return ips.length > 0 ? ips : undefined;
}
