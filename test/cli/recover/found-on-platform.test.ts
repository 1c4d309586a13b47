// Planned creates looked up on the emulator over HTTP through each type's descriptor: found and
// equal, found but different (naming the field), absent, and waiting for a value unknown at preview.
import { beforeAll, describe, expect, it } from "vitest";
import { findPlannedCreates } from "../../../cli/recover/found-on-platform";
import type { PlannedCreate } from "../../../cli/recover/planned-creates";
import { inventorySeed } from "../../../estate/estate";
import { runtimeContext } from "../../../provider/connection/context-cache";
import { UNKNOWN } from "../../../provider/runtime/fields";
import type { VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { configureRuntime } from "../../fixtures/provider";

const emu = useEmulator({}, { reset: false });
let client: VoiceClient;
const secret = {
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  ciphertext: "v1:x:y",
};

const planned = (type: string, name: string, inputs: Record<string, unknown>): PlannedCreate => ({
  urn: `urn:pulumi:dev::p::pulumi-nodejs:dynamic/voice:${type}::${name}`,
  type: `pulumi-nodejs:dynamic/voice:${type}`,
  custom: true,
  inputs: { __provider: "text", ...inputs },
  dependencies: [],
});

beforeAll(async () => {
  await configureRuntime(emu);
  client = await runtimeContext().ready();
  await client.bridges.create({ name: "Support", slug: "support" });
  await client.bridges.create({ name: "Sales (renamed in the dashboard)", slug: "sales" });
  const configuration = await client.providerConfigurations.create({
    provider: "twilio",
    account_sid: "AC00000000000000000000000000000001",
    auth_token: "live-token",
  });
  await emu.admin.seed(inventorySeed(2));
  await client.bridges.connectProvider("support", {
    provider_config_id: configuration.id,
    phone_number: "+14156660000",
  });
});

describe("planned creates on the platform", () => {
  it("sorts each create of this package's types by what its natural key finds", async () => {
    const configuration = planned("ProviderConfiguration", "cfg", {
      provider: "twilio",
      accountSid: "AC00000000000000000000000000000001",
      authToken: secret,
    });
    const findings = await findPlannedCreates(client, [
      planned("Bridge", "support", { name: "Support", slug: "support" }),
      planned("Bridge", "sales", { name: "Sales", slug: "sales" }),
      planned("Bridge", "never-made", { name: "Never", slug: "never-made" }),
      // Its configuration id is unknown until the configuration is recorded; its number is linked.
      planned("BridgeNumber", "linked", {
        bridgeSlug: "support",
        providerConfigurationId: UNKNOWN,
        phoneNumber: "+14156660000",
      }),
      // Nobody holds its number: never made, whatever the unknown input turns out to be.
      planned("BridgeNumber", "unlinked", {
        bridgeSlug: "support",
        providerConfigurationId: UNKNOWN,
        phoneNumber: "+14156669999",
      }),
      { ...planned("Bucket", "b", {}), type: "aws:s3/bucket:Bucket" },
      configuration,
    ]);
    const summary = findings.map((f) => [
      f.create.urn.split("::").at(-1),
      f.kind,
      "id" in f ? f.id : undefined,
      "fields" in f ? f.fields : undefined,
    ]);
    expect(summary.slice(0, 5)).toEqual([
      ["support", "equal", "support", undefined],
      ["sales", "different", "sales", ["name"]],
      ["never-made", "absent", undefined, undefined],
      ["linked", "waiting", undefined, undefined],
      ["unlinked", "absent", undefined, undefined],
    ]);
    // Another package's resource is not looked up at all.
    expect(findings.some((f) => f.create.type.startsWith("aws:"))).toBe(false);
    const equal = findings[0];
    // What state records: the live values (the platform's id) and the provider text the engine needs.
    expect(equal?.kind === "equal" ? equal.outputs : undefined).toMatchObject({
      __provider: "text",
      slug: "support",
      bridgeId: expect.any(Number),
    });
    // A write-only secret cannot be compared: it is kept as planned, still encrypted.
    const found = findings.at(-1);
    expect(found?.kind).toBe("equal");
    expect(found?.kind === "equal" ? found.outputs.authToken : undefined).toEqual(secret);
  });
});
