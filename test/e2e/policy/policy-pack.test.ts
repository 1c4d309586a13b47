// The package's policy pack (policy-pack/) through the real engine: `pulumi preview --policy-pack`, which
// the engine runs through the language host's RunPlugin, over programs of dynamic and of native resources.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import {
  javascriptProject,
  type NativeStack,
  nativeStack,
  PLUGIN_FROM_REPO,
} from "../../fixtures/native-stack";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { SECRETS } from "../../fixtures/voice-stack";

/** The project of the native program, or of the dynamic one (which loads no plugin). */
const pulumiYaml = (native: boolean) => {
  const project = javascriptProject("voice-policy-e2e");
  return native ? project : project.replace(PLUGIN_FROM_REPO, "");
};

/**
 * Declares the config key `spec`: `{native, resources: [{type, name, args, protect}]}`; an argument
 * `"@carrier"` is the configuration id of the ProviderConfiguration named `carrier`.
 */
const PROGRAM = `const pulumi = require("@pulumi/pulumi");
const config = new pulumi.Config();
const spec = config.requireObject("spec");
const voice = spec.native ? undefined : require("pulumi-voice-platform");
const declared = {};
for (const r of spec.resources) {
  const args = Object.fromEntries(Object.entries(r.args).map(([k, v]) =>
    [k, typeof v === "string" && v.startsWith("@") ? declared[v.slice(1)].configurationId : v]));
  if (r.type === "ProviderConfiguration") {
    args.authToken = config.requireSecret("authToken");
    if (spec.native) args.configurationId = undefined; // an output to refer to
  }
  const opts = r.protect ? { protect: true } : {};
  declared[r.name] = spec.native
    ? new pulumi.CustomResource("voice:index:" + r.type, r.name, args, opts)
    : new voice[r.type](r.name, args, opts);
}
`;

interface Declared {
  type: "ProviderConfiguration" | "Bridge" | "BridgeNumber" | "SipTrunk";
  name: string;
  args: Record<string, unknown>;
  protect?: boolean;
}

const carrier = (protect: boolean): Declared => ({
  type: "ProviderConfiguration",
  name: "carrier",
  args: { provider: "twilio", accountSid: DEMO_ACCOUNT },
  protect,
});
const support = (protect: boolean, slug = "support"): Declared => ({
  type: "Bridge",
  name: slug,
  args: { name: slug, slug },
  protect,
});
const trunk = (args: Record<string, unknown>): Declared => ({
  type: "SipTrunk",
  name: "pbx",
  args: { name: "pbx", sipUrl: "sip:pbx.example.com", ...args },
});
const line = (name: string, bridgeSlug: string): Declared => ({
  type: "BridgeNumber",
  name,
  args: { bridgeSlug, providerConfigurationId: "@carrier", phoneNumber: "+14155550100" },
});

const COMPLIANT: Declared[] = [
  carrier(true),
  support(true),
  trunk({ transport: "tls", port: "5061", allowedIps: ["203.0.113.0/24"] }),
];
const VIOLATING: Declared[] = [
  carrier(false),
  support(false),
  trunk({ transport: "tcp", allowedIps: ["203.0.113.0/24", "0.0.0.0/0"] }),
];

interface Outcome {
  ok: boolean;
  output: string;
}

describe("the policy pack with the real engine", () => {
  let emu: TestEmulator;
  const stacks: NativeStack[] = [];

  /** A stack named `stackName` of the program, dynamic or native. */
  async function programStack(stackName: string, native: boolean): Promise<Stack> {
    const made = await nativeStack(
      emu,
      { "Pulumi.yaml": pulumiYaml(native), "index.js": PROGRAM },
      { stackName },
    );
    stacks.push(made);
    return made.stack;
  }

  /** `pulumi preview --policy-pack node_modules/pulumi-voice-platform/policy-pack [--policy-pack-config <config>]` of `resources`. */
  async function preview(
    stack: Stack,
    resources: Declared[],
    config?: Record<string, unknown>,
  ): Promise<Outcome> {
    await stack.setConfig("spec", { value: JSON.stringify({ native: nativeStacks.has(stack), resources }) });
    const policyPackConfigs: string[] = [];
    if (config) {
      const file = path.join(stack.workspace.workDir, "policy-config.json");
      await writeFile(file, JSON.stringify(config));
      policyPackConfigs.push(file);
    }
    // The path docs/policy-pack.md gives a project that installed the package.
    const policyPack = path.join(
      stack.workspace.workDir,
      "node_modules",
      "pulumi-voice-platform",
      "policy-pack",
    );
    let output = "";
    const ok = await stack
      .preview({ policyPacks: [policyPack], policyPackConfigs, onOutput: (l) => (output += l) })
      .then(
        () => true,
        (error: Error) => {
          output += `\n${error.message}`;
          return false;
        },
      );
    return { ok, output };
  }

  const nativeStacks = new Set<Stack>();
  let dynamicProd: Stack;
  let nativeProd: Stack;

  beforeAll(async () => {
    emu = await startTestEmulator();
    dynamicProd = await programStack("prod", false);
    nativeProd = await programStack("prod", true);
    nativeStacks.add(nativeProd);
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    for (const stack of stacks) await stack.cleanup();
    await emu?.close();
  }, limitFor(1));

  it(
    "fails a violating program of dynamic resources, naming each rule and resource, and writes nothing",
    async () => {
      await emu.admin.clearRequests();
      const { ok, output } = await preview(dynamicProd, VIOLATING, {
        "voice-expected-organization": { orgHandle: "globex" },
      });
      expect(ok).toBe(false);
      expect(output).toMatch(/voice-trunk-tls-in-production[\s\S]*SipTrunk 'pbx': transport is "tcp"/);
      expect(output).toMatch(
        /SipTrunk 'pbx': port is 5060; SIP trunks in production stack "prod" use the TLS port 5061/,
      );
      expect(output).toMatch(
        /voice-trunk-no-open-allowed-ips[\s\S]*SipTrunk 'pbx': allowedIps contains "0\.0\.0\.0\/0"/,
      );
      expect(output).toMatch(/voice-protect-in-production[\s\S]*Bridge 'support' is not protected/);
      expect(output).toMatch(/ProviderConfiguration 'carrier' is not protected/);
      // The stack's config reaches the pack: the dynamic resources' organization is voice:orgHandle.
      expect(output).toMatch(
        new RegExp(
          `voice-expected-organization[\\s\\S]*Bridge 'support': the organization is "${emu.orgHandle}" \\(stack config voice:orgHandle\\)`,
        ),
      );
      expect(output).not.toContain(SECRETS.authToken);
      const writes = (await emu.admin.requests()).filter((r) => r.method !== "GET");
      expect(writes).toEqual([]);
    },
    limitFor(1),
  );

  it(
    "passes a compliant program of dynamic resources",
    async () => {
      const { ok, output } = await preview(dynamicProd, COMPLIANT);
      expect(output).not.toMatch(/\[(mandatory|advisory)\]/);
      expect(output).toContain("✅ pulumi-voice-platform@v");
      expect(ok).toBe(true);
    },
    limitFor(1),
  );

  it(
    "reports an advisory rule without failing, with enforcement levels and settings from --policy-pack-config",
    async () => {
      const { ok, output } = await preview(
        dynamicProd,
        [carrier(true), support(true), trunk({ transport: "udp", port: "5060" })],
        {
          "voice-bridge-slug-naming": { pattern: "^acme-[a-z]+$" },
          "voice-trunk-tls-in-production": "advisory",
        },
      );
      expect(ok).toBe(true);
      expect(output).toMatch(
        /advisory[\s\S]*voice-bridge-slug-naming[\s\S]*Bridge 'support': slug "support" does not follow/,
      );
      expect(output).toMatch(/voice-trunk-tls-in-production[\s\S]*SipTrunk 'pbx': transport is "udp"/);
    },
    limitFor(1),
  );

  it(
    "fails a program of native resources declaring one number on two bridges, or for another organization",
    async () => {
      const { ok, output } = await preview(
        nativeProd,
        [...COMPLIANT, support(true, "sales"), line("main-line", "support"), line("sales-line", "sales")],
        { "voice-expected-organization": { orgHandle: "globex" } },
      );
      expect(ok).toBe(false);
      expect(output).toMatch(
        /voice-number-on-one-bridge[\s\S]*BridgeNumber 'sales-line' declares \+14155550100 on bridge "sales", which BridgeNumber 'main-line' already declares on bridge "support"/,
      );
      expect(output).toMatch(
        new RegExp(
          `voice-expected-organization[\\s\\S]*Bridge 'support': the organization is "${emu.orgHandle}"`,
        ),
      );
    },
    limitFor(1),
  );

  it(
    "passes a compliant program of native resources",
    async () => {
      const { ok, output } = await preview(nativeProd, COMPLIANT, {
        "voice-expected-organization": { orgHandle: emu.orgHandle },
      });
      expect(output).not.toMatch(/\[(mandatory|advisory)\]/);
      expect(output).toContain("✅ pulumi-voice-platform@v");
      expect(ok).toBe(true);
    },
    limitFor(1),
  );
});
