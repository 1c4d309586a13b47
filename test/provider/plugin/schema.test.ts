// The package schema against the runtime: inputs from the zod schemas, outputs from real creates.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runtimeContext } from "../../../provider/connection/context-cache";
import { INVOKES } from "../../../provider/plugin/invokes";
import { OUTPUTS } from "../../../provider/plugin/outputs";
import { packageSchema } from "../../../provider/plugin/schema";
import { REGISTRY, type ResourceType } from "../../../provider/resources/registry";
import { serve } from "../../../provider/runtime/serve";
import { nativeToken } from "../../../provider/urn/type-token";
import { schemaFile } from "../../../scripts/generate/gen-schema";
import { useEmulator } from "../../fixtures/emulator";
import { repoRoot } from "../../fixtures/engine";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { checked, configureRuntime, descriptorNamed } from "../../fixtures/provider";

const schema = packageSchema({
  version: "1.2.3",
  license: "Apache-2.0",
  repository: { owner: "acme", name: "voice" },
});
const names = REGISTRY.map((d) => d.type);
const spec = (name: ResourceType) => {
  const found = schema.resources[nativeToken(name)];
  if (!found) throw new Error(`no schema for ${name}`);
  return found;
};

/** The secrets the types declare today: a field marked secret in a type's schema is marked in the package schema. */
const SECRETS: Partial<Record<ResourceType, readonly string[]>> = {
  ProviderConfiguration: ["authToken"],
  SipTrunk: ["authPassword"],
};

describe("package schema", () => {
  it.each(names)("%s: the input properties are the runtime's zod input keys", (name) => {
    const keys = Object.keys(descriptorNamed(name).inputs.shape).sort();
    expect(Object.keys(spec(name).inputProperties).sort()).toEqual(keys);
    for (const key of spec(name).requiredInputs ?? []) expect(keys).toContain(key);
  });

  it.each(names)("%s: every property and the resource have a description; secrets are marked", (name) => {
    const resource = spec(name);
    expect(resource.description).not.toBe("");
    for (const props of [resource.inputProperties, resource.properties]) {
      for (const [key, property] of Object.entries(props)) {
        expect(property.description, `${name}.${key}`).not.toBe("");
        expect(property.secret === true, `${name}.${key} secret`).toBe(SECRETS[name]?.includes(key) ?? false);
      }
    }
  });

  it("has every data source as a described function, and the provider's configuration", () => {
    expect(Object.keys(schema.functions).sort()).toEqual(INVOKES.map(nativeToken).sort());
    for (const fn of Object.values(schema.functions)) expect(fn.description).not.toBe("");
    expect(Object.keys(schema.provider.inputProperties)).toEqual(
      expect.arrayContaining(["baseUrl", "token", "orgHandle", "productId"]),
    );
    expect(schema.config.variables.token?.secret).toBe(true);
  });

  it("types every invoke's outputs: object types, no Any but the platform's free-form JSON", () => {
    const FREE_FORM = new Set(["voice:index:OverviewRow.syncDetail"]);
    const anys: string[] = [];
    const visit = (where: string, spec: unknown): void => {
      if (typeof spec !== "object" || spec === null) return;
      const node = spec as { $ref?: string; items?: unknown; oneOf?: unknown[] };
      if (node.$ref === "pulumi.json#/Any" && !FREE_FORM.has(where)) anys.push(where);
      if (node.$ref?.startsWith("#/types/")) {
        expect(
          schema.types[node.$ref.slice("#/types/".length)],
          `${where} refers to a declared type`,
        ).toBeDefined();
      }
      visit(where, node.items);
      for (const variant of node.oneOf ?? []) visit(where, variant);
    };
    for (const [token, fn] of Object.entries(schema.functions)) {
      expect(Object.keys(fn.outputs?.properties ?? {}).length, `${token} declares outputs`).toBeGreaterThan(
        0,
      );
      for (const [key, prop] of Object.entries(fn.outputs?.properties ?? {})) {
        expect(prop.description, `${token}.${key}`).not.toBe("");
        visit(`${token}.${key}`, prop);
      }
    }
    for (const [name, type] of Object.entries(schema.types)) {
      expect(type.type).toBe("object");
      for (const [key, prop] of Object.entries(type.properties)) {
        expect(prop.description, `${name}.${key}`).not.toBe("");
        visit(`${name}.${key}`, prop);
      }
    }
    expect(anys).toEqual([]);
    // Both post-call shapes arrive as one task type, and a task's call is its own object type.
    expect(Object.keys(schema.types)).toEqual(
      expect.arrayContaining(["voice:index:Task", "voice:index:TaskCall", "voice:index:TranscriptTurn"]),
    );
  });

  it("the committed schema.json is current (regenerate: node dist/scripts/generate/gen-schema.js)", () => {
    const { path: file, text } = schemaFile();
    expect(file).toBe(path.join(repoRoot, "schema.json"));
    expect(readFileSync(file, "utf8")).toBe(text);
  });
});

describe("schema outputs against the runtime's", () => {
  const emu = useEmulator();
  beforeAll(async () => {
    await configureRuntime(emu);
  });

  /** Creates through the runtime and answers the output keys (the state a resource records). */
  const outputKeys = async (name: ResourceType, news: Record<string, unknown>) => {
    const provider = serve(descriptorNamed(name));
    const { outs } = await provider.create(await checked(provider, news));
    return Object.keys(outs as object).sort();
  };
  const declared = (name: ResourceType) => Object.keys(OUTPUTS[name]).sort();

  it("Bridge", async () => {
    expect(await outputKeys("Bridge", { name: "Support", slug: "support" })).toEqual(declared("Bridge"));
  });

  it("ProviderConfiguration and BridgeNumber", async () => {
    const config = { provider: "twilio", accountSid: DEMO_ACCOUNT, authToken: "t0ken" };
    expect(await outputKeys("ProviderConfiguration", config)).toEqual(declared("ProviderConfiguration"));
    const [configuration] = (await (await runtimeContext().ready()).providerConfigurations.list()).data;
    await outputKeys("Bridge", { name: "Main", slug: "main" });
    const link = {
      bridgeSlug: "main",
      providerConfigurationId: configuration?.id,
      phoneNumber: "+14155550100",
    };
    expect(await outputKeys("BridgeNumber", link)).toEqual(declared("BridgeNumber"));
  });

  it("SipTrunk", async () => {
    const trunk = { name: "pbx", sipUrl: "sip:pbx.example.com", authUsername: "u", authPassword: "p" };
    expect(await outputKeys("SipTrunk", trunk)).toEqual(declared("SipTrunk"));
  });
});
