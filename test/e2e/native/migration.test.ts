// Moving a stack from the dynamic resources (the package's default export) to the native ones with
// `aliases`: no replacement, and the platform only read (the emulator's request log counts the calls).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import { javascriptProject, type NativeStack, nativeStack } from "../../fixtures/native-stack";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { plainExport, SECRETS } from "../../fixtures/voice-stack";

/** The same four resources, declared with the dynamic classes, or (config `native`) natively with aliases. */
const PROGRAM = `const pulumi = require("@pulumi/pulumi");
const voice = require("pulumi-voice-platform");
const config = new pulumi.Config();
const args = {
  carrier: { provider: "twilio", accountSid: ${JSON.stringify(DEMO_ACCOUNT)}, authToken: config.requireSecret("authToken") },
  support: { name: "Support", slug: "support" },
  pbx: { name: "pbx", sipUrl: "sip:pbx.example.com", authUsername: "pbx", authPassword: config.requireSecret("sipPassword") },
};
const line = (bridge, carrier) => ({
  bridgeSlug: bridge.slug,
  providerConfigurationId: carrier.configurationId,
  phoneNumber: "+14155550100",
});
if (config.getBoolean("native")) {
  // The dynamic resource's type, as it was recorded, is the alias of the native one.
  const native = (type, name, props) =>
    new pulumi.CustomResource("voice:index:" + type, name, props, {
      aliases: [{ type: "pulumi-nodejs:dynamic/voice:" + type }],
    });
  const carrier = native("ProviderConfiguration", "carrier", { ...args.carrier, configurationId: undefined });
  const support = native("Bridge", "support", args.support);
  native("BridgeNumber", "main-line", line(support, carrier));
  native("SipTrunk", "pbx", args.pbx);
} else {
  const carrier = new voice.ProviderConfiguration("carrier", args.carrier);
  const support = new voice.Bridge("support", args.support);
  new voice.BridgeNumber("main-line", line(support, carrier));
  new voice.SipTrunk("pbx", args.pbx);
}
`;

describe("migrating a stack from the dynamic to the native resources", { timeout: limitFor(3) }, () => {
  let emu: TestEmulator;
  let native: NativeStack;
  const requests = async () => (await emu.admin.requests()).map((r) => `${r.method} ${r.path}`);

  beforeAll(async () => {
    emu = await startTestEmulator();
    native = await nativeStack(emu, {
      "Pulumi.yaml": javascriptProject("voice-native-migration"),
      "index.js": PROGRAM,
    });
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await native?.cleanup();
    await emu?.close();
  }, limitFor(1));

  it("the dynamic resources create the stack", async () => {
    const up = await native.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 5 });
    expect(await plainExport(native.stack)).toContain("pulumi-nodejs:dynamic/voice:Bridge");
  });

  it("with aliases, the native resources take the stack over: no replacement, only reads", async () => {
    await native.stack.setConfig("native", { value: "true" });
    await emu.admin.clearRequests();
    let output = "";
    const preview = await native.stack.preview({ diff: true, onOutput: (line) => (output += line) });
    expect(output).not.toMatch(/replace|create|delete/i);
    const up = await native.stack.up();
    expect(up.summary.resourceChanges).toEqual({ same: 5 });
    expect(preview.changeSummary).toEqual({ same: 5 });
    const made = await requests();
    expect(made.filter((r) => !r.startsWith("GET "))).toEqual([]);
    // The figure docs/native-provider.md quotes: how many reads the switch took.
    console.log(`migration: ${made.length} platform requests, all GET`);
    const exported = await plainExport(native.stack);
    expect(exported).not.toContain("pulumi-nodejs:dynamic/voice:");
    expect(exported).not.toContain(SECRETS.authToken);
    expect(exported).not.toContain(SECRETS.sipPassword);
  });

  it("previews clean afterwards, and refresh drops what only the dynamic provider recorded", async () => {
    expect((await native.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 5 });
    await native.stack.refresh();
    expect(await plainExport(native.stack)).not.toContain("__provider");
    expect((await native.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 5 });
  });

  it("the native provider destroys the migrated stack", async () => {
    await native.stack.destroy();
    const state = await emu.admin.state();
    expect([state.bridges, state.configurations, state.links, state.trunks]).toEqual([[], [], [], []]);
  });
});
