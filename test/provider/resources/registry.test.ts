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
import * as engineEntry from "../../../provider/entry/runtime";
import {
  descriptorOfToken,
  descriptorOfUrn,
  REGISTRY,
  type ResourceType,
} from "../../../provider/resources/registry";
import { describedAs } from "../../../provider/runtime/descriptor";
import { secretKeys } from "../../../provider/runtime/secrets";
import { serve } from "../../../provider/runtime/serve";
import { dynamicToken, nativeToken } from "../../../provider/urn/type-token";
import { repoRoot } from "../../fixtures/engine";
import { mentions, sourceFiles } from "../../fixtures/type-mentions";

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

  it("exports each of its secret fields from secret stack config", () => {
    expect(Object.keys(descriptor.exported.secrets).sort()).toEqual(
      [...secretKeys(descriptor.inputs)].sort(),
    );
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

  it("is found from the URN of either front door, under a component parent too", () => {
    for (const token of [nativeToken(type), dynamicToken(type)]) {
      expect(descriptorOfUrn(`urn:pulumi:dev::p::${token}::r`)).toBe(descriptor);
      expect(descriptorOfUrn(`urn:pulumi:dev::p::acme:index:Site$${token}::r`)).toBe(descriptor);
    }
  });

  it("replaces on its descriptor's inputs only, and updates in place on every other (adopt aside)", async () => {
    const inputs = Object.keys(descriptor.inputs.shape);
    expect(inputs).toEqual(expect.arrayContaining([...descriptor.replaceOn]));
    const provider = serve(descriptor);
    for (const key of inputs) {
      const result = await provider.diff?.("id", { [key]: "old" }, { [key]: "new" });
      const replaces = descriptor.replaceOn.includes(key);
      expect(result?.changes, `${type}.${key} changes`).toBe(key !== "adopt");
      expect(result?.replaces, `${type}.${key} replaces`).toEqual(replaces ? [key] : []);
      expect(result?.deleteBeforeReplace).toBe(replaces && descriptor.deleteBeforeReplace ? true : undefined);
    }
  });

  it("is served by the engine-side entry the dynamic resources load, by its type name", () => {
    expect((engineEntry as Record<string, unknown>)[type]).toBe(serve(descriptor));
  });
});

describe("the registry", () => {
  it("lists each type once and is the whole of the package schema's resources", () => {
    const types = REGISTRY.map((d) => d.type);
    expect(new Set(types).size).toBe(types.length);
    expect(Object.keys(schema.resources).sort()).toEqual(types.map(nativeToken).sort());
  });

  it("names no type for invokes, the provider, a look-alike token or other packages' resources", () => {
    for (const token of [
      nativeToken("getBridges"),
      "pulumi:providers:voice",
      `${nativeToken(REGISTRY[0]!.type)}s`,
      "pulumi-nodejs:dynamic:Resource",
      "aws:s3/bucket:Bucket",
    ])
      expect(descriptorOfToken(token)).toBeUndefined();
  });
});

/** The product's code that could name a type: the Pulumi side, its commands, its policies, its build scripts. */
const SCANNED = ["provider", "cli", "policy", "scripts"];

/** Where naming a type is the point: a type's folder, the registry that lists them, the public index. */
const HOME = (file: string) =>
  /^provider\/resources\/[^/]+\//.test(file) ||
  file === "provider/resources/registry.ts" ||
  file === "provider/index.ts";

/**
 * Rules that are about one type by nature, each with why. Anything else naming a type belongs in the
 * type's folder (or is read from its descriptor); an entry no longer needed fails too, so this only shrinks.
 */
const ALLOWED: readonly { file: string; types: readonly ResourceType[]; why: string }[] = [
  {
    file: "policy/rules/bridge-slug.ts",
    types: ["Bridge"],
    why: "the slug-naming rule judges bridges' slugs",
  },
  {
    file: "policy/declared-numbers.ts",
    types: ["BridgeNumber", "BridgeNumbers"],
    why: "the numbers a program declares, read from the links and the sets, for the rules on numbers",
  },
  {
    file: "policy/rules/open-allowed-ips.ts",
    types: ["SipTrunk"],
    why: "the open-IP rule judges trunks' allowed IPs",
  },
  {
    file: "policy/rules/trunk-tls.ts",
    types: ["SipTrunk"],
    why: "the TLS rule judges trunks, with the trunk schema's own defaults",
  },
  {
    file: "policy/rules/protected-in-production.ts",
    types: ["ProviderConfiguration", "Bridge"],
    why: "the rule's default chooses the types whose deletion costs most (credentials, the bridges numbers hang on)",
  },
  {
    file: "policy/policies.ts",
    types: ["Bridge", "BridgeNumber", "BridgeNumbers"],
    why: "the descriptions of the bridge-slug and number-on-one-bridge rules above",
  },
  {
    file: "cli/export/command.ts",
    types: ["BridgeNumber", "BridgeNumbers"],
    why: "the usage text of --per-link names the two forms of a bridge's numbers it chooses between",
  },
  {
    file: "provider/lookups/providers.ts",
    types: ["ProviderConfiguration"],
    why: "the catalogue lookup's description says which input its slugs are for (text of schema.json)",
  },
];

describe("a resource type's name outside its folder", () => {
  const types = REGISTRY.map((d) => d.type);
  const found = sourceFiles(repoRoot, SCANNED)
    .filter((file) => !HOME(file))
    .flatMap((file) => mentions(repoRoot, file, types));

  it("appears only in the rules about that type by nature", () => {
    const stray = found.filter(
      (m) => !ALLOWED.some((a) => a.file === m.file && (a.types as readonly string[]).includes(m.type)),
    );
    expect(stray.map((m) => `${m.file}: ${m.as}`)).toEqual([]);
  });

  it("is allowed only where it still appears", () => {
    const needed = ALLOWED.flatMap((a) =>
      a.types
        .filter((type) => !found.some((m) => m.file === a.file && m.type === type))
        .map((t) => `${a.file}: ${t}`),
    );
    expect(needed).toEqual([]);
  });
});
