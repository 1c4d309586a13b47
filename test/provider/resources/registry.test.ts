// The registry drives every view of a resource type: for each descriptor, the package schema, the
// export, the policy adapter and the engine-side entry all see the type, with every described property.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { derive } from "../../../cli/export/derive";
import { select } from "../../../cli/export/filters";
import { KINDS, kindOf } from "../../../cli/export/kinds";
import { importTargets } from "../../../cli/export/native-ids";
import type { Organization } from "../../../cli/export/organization";
import { plan } from "../../../cli/export/plan";
import { renderYamlProject } from "../../../cli/export/yaml";
import { voiceResource } from "../../../policy/voice-resource";
import { describedAs, dynamicToken, nativeToken } from "../../../provider/descriptor";
import * as engineEntry from "../../../provider/entry/runtime";
import { REGISTRY } from "../../../provider/resources/registry";
import { repoRoot } from "../../fixtures/engine";

interface SchemaFile {
  resources: Record<
    string,
    {
      description: string;
      inputProperties: Record<string, { description: string }>;
      properties: Record<string, { description: string }>;
    }
  >;
}
const schema = JSON.parse(readFileSync(path.join(repoRoot, "schema.json"), "utf8")) as SchemaFile;

// One record of every kind, as the platform would hold it.
const org: Organization = {
  orgHandle: "acme",
  configurations: [{ id: 4, provider: "twilio", account_sid: "AC1" }],
  bridges: [{ slug: "support", name: "Support", provider: "twilio", numbers: ["+14155550100"] }],
  trunks: [
    {
      id: 9,
      name: "Edge",
      sip_url: "sip.example.com",
      transport: "tls",
      port: "5061",
      allowed_ips: "",
      active: true,
    },
  ],
};
/** The organization exported in both forms: sets (the default) and per link. */
const forms = (["sets", "per-link"] as const).map((form) => {
  const exported = plan(select(derive(org, form).records, [], []), form);
  return {
    exported,
    yaml: renderYamlProject(exported, { project: "acme", orgHandle: "acme", takeOver: "import" }),
  };
});

describe.each(REGISTRY.map((d) => [d.type, d] as const))("the registry's %s", (type, descriptor) => {
  it("is in schema.json under its token, with its description and every described property", () => {
    const spec = schema.resources[nativeToken(type)];
    expect(spec?.description).toBe(descriptor.description);
    const sides = [
      [Object.keys(descriptor.inputs.shape), spec?.inputProperties],
      [Object.keys(descriptor.outputs.shape), spec?.properties],
    ] as const;
    for (const [keys, specs] of sides) {
      for (const key of keys) {
        expect(describedAs(descriptor, key), `${type}.${key} is described`).toBeTruthy();
        expect(specs?.[key]?.description ?? "").toBe(describedAs(descriptor, key));
      }
    }
  });

  it("is rendered by the export as a record of its kind, with the id its type gives", () => {
    const { kind } = descriptor.exported;
    expect(KINDS).toContain(kind);
    expect(kindOf(type)).toBe(kind);
    // A type with a form is declared in that form only; the others in both.
    const declaring = forms.filter(({ yaml }) => yaml.includes(`type: ${nativeToken(type)}\n`));
    expect(declaring).toHaveLength("form" in descriptor.exported ? 1 : 2);
    for (const { exported } of declaring) {
      const target = importTargets(exported).find((t) => t.type === nativeToken(type));
      expect(target?.id).toMatch(/\S/);
    }
  });

  it("is recognised by the policy adapter under both type tokens", () => {
    for (const token of [nativeToken(type), dynamicToken(type)]) {
      const resource = voiceResource({
        type: token,
        name: "r",
        urn: `urn:pulumi:dev::p::${token}::r`,
        props: {},
        opts: {
          protect: false,
          ignoreChanges: [],
          aliases: [],
          customTimeouts: {},
          additionalSecretOutputs: [],
        },
        provider: undefined,
      } as unknown as Parameters<typeof voiceResource>[0]);
      expect(resource?.type).toBe(type);
    }
  });

  it("is served by the engine-side entry the dynamic resources load, by its type name", () => {
    expect((engineEntry as Record<string, unknown>)[type]).toBe(descriptor.provider);
  });
});

describe("the registry", () => {
  it("lists each type once and is the whole of the package schema's resources", () => {
    const types = REGISTRY.map((d) => d.type);
    expect(new Set(types).size).toBe(types.length);
    expect(Object.keys(schema.resources).sort()).toEqual(types.map(nativeToken).sort());
  });
});
