// The lookups as plain functions over the SDK: no Pulumi in them, the plugin's invokes and the program's
// data sources both driven by them, and each answer carrying exactly the fields the package schema declares.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runtimeContext } from "../../../provider/connection/context-cache";
import { LOOKUPS } from "../../../provider/lookups";
import { invoke } from "../../../provider/plugin/invokes";
import { packageSchema } from "../../../provider/plugin/schema";
import { nativeToken } from "../../../provider/urn/type-token";
import type { VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { repoRoot } from "../../fixtures/engine";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { configureRuntime } from "../../fixtures/provider";

const lookupsDir = path.join(repoRoot, "provider", "lookups");

describe("the lookups' room", () => {
  it("imports neither Pulumi nor the program layer", () => {
    const files = readdirSync(lookupsDir).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThanOrEqual(13);
    for (const file of files) {
      const text = readFileSync(path.join(lookupsDir, file), "utf8");
      expect(text, file).not.toMatch(/from "@pulumi\/pulumi"/);
      expect(text, file).not.toMatch(/from "\.\.\/(program|plugin|runtime)\//);
    }
  });

  it("is what the plugin's invokes run: no program module loaded for its side effects", () => {
    const text = readFileSync(path.join(repoRoot, "provider", "plugin", "invokes.ts"), "utf8");
    expect(text).not.toMatch(/program\//);
    expect(text).toMatch(/from "\.\.\/lookups"/);
  });
});

describe("each lookup's answer against its declared outputs", () => {
  const emu = useEmulator();
  let client: VoiceClient;
  beforeAll(async () => {
    await configureRuntime(emu);
    client = await runtimeContext().ready();
  });

  const schema = packageSchema({
    version: "1.2.3",
    license: "Apache-2.0",
    repository: { owner: "acme", name: "voice" },
  });
  /** The declared property names of a type reference or of a function's outputs. */
  const typeKeys = (ref: string): string[] => {
    const name = ref.replace("#/types/", "");
    const type = schema.types[name];
    if (!type) throw new Error(`no type ${name}`);
    return Object.keys(type.properties).sort();
  };

  /** Arguments the seeded emulator answers. */
  const ARGS: Record<string, Record<string, unknown>> = {
    getSpace: { token: "sp-acme-sales" },
    getAgent: { handle: "support-agent" },
    getRuns: { spaceToken: "sp-acme-support" },
    getTasks: { spaceToken: "sp-acme-support", runId: "Rseed0001" },
    getAnalytics: {},
  };

  it.each(LOOKUPS.map((l) => l.name))("%s", async (name) => {
    // Every list answers at least one record, so each record's fields are checked.
    await client.bridges.create({ name: "Support", slug: "support" });
    await client.providerConfigurations.create({
      provider: "twilio",
      account_sid: DEMO_ACCOUNT,
      auth_token: "t0ken",
    });
    await client.trunks.create({ name: "Edge", sip_url: "sip:edge.example.com" });
    const fn = schema.functions[nativeToken(name)];
    const declared = Object.keys(fn?.outputs?.properties ?? {}).sort();
    const answer = await invoke(nativeToken(name), ARGS[name] ?? {});
    expect(Object.keys(answer).sort()).toEqual(declared);
    const items = answer.items;
    if (Array.isArray(items)) {
      const listed = fn?.outputs?.properties.items as { items?: { $ref?: string } } | undefined;
      const ref = listed?.items?.$ref ?? "";
      expect(items.length, name).toBeGreaterThan(0);
      for (const item of items) expect(Object.keys(item as object).sort()).toEqual(typeKeys(ref));
    }
    // The same lookup, called directly over the client, answers the same.
    const lookup = LOOKUPS.find((l) => l.name === name);
    const direct = await lookup?.run(client, ARGS[name] ?? {});
    expect(Array.isArray(direct) ? { items: direct } : direct).toEqual(answer);
  });
});
