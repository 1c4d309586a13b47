import { beforeAll, describe, expect, it, vi } from "vitest";
import { stepRows } from "../../../cli/report/changes";
import { nativeProvider } from "../../../provider/plugin/provider";
import { packageSchema } from "../../../provider/plugin/schema";
import { unwrapSecrets } from "../../../provider/plugin/secrets";
import { checkable } from "../../../provider/plugin/write-only";
import { VoiceResource } from "../../../provider/program/voice-resource";
import { heldSecrets } from "../../../provider/runtime/secrets";
import { serve } from "../../../provider/runtime/serve";
import { useEmulator } from "../../fixtures/emulator";
import { mockRegistrations, type Registration } from "../../fixtures/mock-monitor";
import { configureRuntime } from "../../fixtures/provider";
import { VAULT, VaultInputs, VaultOutputs } from "../../fixtures/vault-type";

// The one edit a new type makes outside its folder: its line in the registry.
vi.mock("../../../provider/resources/registry", async (original) => {
  const actual = await original<typeof import("../../../provider/resources/registry")>();
  const { typeOfToken } = await vi.importActual<typeof import("../../../provider/urn/type-token")>(
    "../../../provider/urn/type-token",
  );
  const { parseUrn } =
    await vi.importActual<typeof import("../../../provider/urn/urn")>("../../../provider/urn/urn");
  const { VAULT } =
    await vi.importActual<typeof import("../../fixtures/vault-type")>("../../fixtures/vault-type");
  const REGISTRY = [...actual.REGISTRY, VAULT];
  // The lookups read the module's own list, so the mock restates them over the longer one.
  const descriptorOfToken = (token: string) => REGISTRY.find((d) => d.type === typeOfToken(token)?.name);
  return {
    ...actual,
    REGISTRY,
    descriptorOfToken,
    descriptorOfUrn: (urn: string) => descriptorOfToken(parseUrn(urn)?.token ?? ""),
  };
});

const emu = useEmulator({}, { reset: false });
const SECRET = "vault-api-key-5ecr3t-that-is-long-enough";
const SIG = "4dabf18193072939515e22adb298388d";
const URN = "urn:pulumi:dev::p::voice:index:Vault::v";

describe("a type's secret field, declared once", () => {
  it("is marked secret in the package schema, as input and output", () => {
    const spec = packageSchema({
      version: "1.0.0",
      license: "Apache-2.0",
      repository: { owner: "o", name: "r" },
    }).resources["voice:index:Vault"];
    expect(spec?.inputProperties.apiKey?.secret).toBe(true);
    expect(spec?.properties.apiKey?.secret).toBe(true);
    expect(spec?.inputProperties.name?.secret).toBeUndefined();
  });

  it("is never quoted by check, nor carried by a failed check's inputs", async () => {
    const tooLong = await serve(VAULT).check!({}, { name: "v", apiKey: SECRET.repeat(10) });
    expect(tooLong.failures).toEqual([
      { property: "", reason: "apiKey must be at most 255 characters (its value is secret)" },
    ]);
    const otherFails = await serve(VAULT).check!({}, { name: "", apiKey: SECRET });
    expect(otherFails.failures?.[0]?.property).toBe("name");
    const misspelt = await serve(VAULT).check!({}, { name: "v", apiKy: SECRET });
    expect(misspelt.failures?.find((f) => f.reason.includes("apiKy"))?.property).toBe("");
    for (const result of [tooLong, otherFails, misspelt])
      expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it("is re-marked secret by the plugin in what it answers", async () => {
    await configureRuntime(emu);
    const plugin = nativeProvider("1.0.0", "{}");
    const checked = await plugin.check!(URN, {}, { name: "v", apiKey: SECRET });
    expect(checked.inputs.apiKey).toMatchObject({ [SIG]: expect.any(String) });
    const created = await plugin.create!(URN, unwrapSecrets(checked.inputs) as Record<string, unknown>);
    expect(created.outs?.apiKey).toMatchObject({ [SIG]: expect.any(String), value: SECRET });
    expect(created.outs?.name).toBe("v");
  });

  it("is write-only: an imported resource may go on without it", () => {
    expect(heldSecrets(VAULT, {})).toEqual(["apiKey"]);
    expect(checkable(VAULT, { name: "v" }, { name: "v" }).placeholders).toEqual(["apiKey"]);
  });

  it("is named as the change in the report when only its value changed, which the engine masks", () => {
    const rows = stepRows({
      op: "update",
      urn: URN,
      oldState: { outputs: { name: "v", apiKey: "[secret]" } },
      newState: { inputs: { name: "v", apiKey: "[secret]" } },
    });
    expect(rows.map((r) => r.property)).toEqual(["apiKey"]);
  });
});

describe("a program declaring the type", () => {
  let registered: Registration[] = [];
  beforeAll(async () => {
    registered = await mockRegistrations();
  });

  it("sends it as a secret and lists it as a secret output", async () => {
    class Vault extends VoiceResource {
      constructor(name: string, args: { name: string; apiKey: string }) {
        super("Vault", { inputs: VaultInputs, outputs: VaultOutputs }, name, args, undefined);
      }
    }
    new Vault("v", { name: "v", apiKey: SECRET });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(registered[0]?.additionalSecretOutputs).toEqual(["apiKey"]);
    expect(registered[0]?.object.apiKey).toMatchObject({ [SIG]: expect.any(String), value: SECRET });
  });
});
