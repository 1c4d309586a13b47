// The native provider plugin (bin/pulumi-resource-voice) through the real engine: a JavaScript program
// declaring `voice:index:*` resources, loaded from Pulumi.yaml `plugins.providers[].path`.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import {
  CARRIER_PROGRAM,
  importLegacyBridge,
  javascriptProject,
  useNativeStack,
} from "../../fixtures/native-stack";
import { upOnly } from "../../fixtures/stack-up";
import { plainExport, SECRETS } from "../../fixtures/voice-stack";

/** The program: config `bridgeName` names the bridge; config `legacy` declares the imported one. */
const PROGRAM = `${CARRIER_PROGRAM}const support = new pulumi.CustomResource("voice:index:Bridge", "support", {
  name: config.get("bridgeName") ?? "Support",
  slug: "support",
  bridgeId: undefined,
});
new pulumi.CustomResource("voice:index:BridgeNumber", "main-line", {
  bridgeSlug: support.slug,
  providerConfigurationId: carrier.configurationId,
  phoneNumber: "+14155550100",
});
new pulumi.CustomResource("voice:index:SipTrunk", "pbx", {
  name: "pbx",
  sipUrl: "sip:pbx.example.com",
  authUsername: "pbx",
  authPassword: config.requireSecret("sipPassword"),
});
if (config.getBoolean("legacy")) {
  new pulumi.CustomResource("voice:index:Bridge", "legacy", { name: "Legacy", slug: "legacy" });
}
if (config.getBoolean("globex")) {
  // An explicit provider (a resource of its own): a second organization, configured by its inputs.
  const voice = new pulumi.Config("voice");
  const globex = new pulumi.ProviderResource("voice", "globex", {
    baseUrl: voice.require("baseUrl"),
    token: voice.requireSecret("token"),
    orgHandle: "globex",
    retryBaseDelayMs: 5,
  });
  new pulumi.CustomResource("voice:index:Bridge", "staging", { name: "Staging", slug: "staging" }, { provider: globex });
}
exports.bridgeId = support.bridgeId;
exports.configurationId = carrier.configurationId;
// After the bridge exists (an invoke has no dependencies of its own).
exports.bridgeSlugs = support.bridgeId.apply(() =>
  pulumi.runtime.invoke("voice:index:getBridges", {}).then((r) => r.items.map((b) => b.slug)),
);
exports.organizations = pulumi.runtime
  .invoke("voice:index:getOrganizations", {})
  .then((r) => r.items.map((o) => o.domainHandle));
`;

describe("the native provider plugin with the real engine", () => {
  const { emu, native } = useNativeStack({
    "Pulumi.yaml": javascriptProject("voice-native-e2e"),
    "index.js": PROGRAM,
  });
  const slugs = async () => (await emu.admin.state()).bridges.map((b) => b.slug).sort();

  it(
    "up creates the resources and answers the invokes; a preview right after finds no change; the secrets stay out of the plaintext state",
    async () => {
      const { stack } = native;
      const up = await stack.up();
      expect(up.summary.resourceChanges).toEqual({ create: 5 });
      expect(await slugs()).toEqual(["support"]);
      const state = await emu.admin.state();
      expect([state.links.length, state.trunks.length]).toEqual([1, 1]);
      expect(up.outputs.bridgeId?.value).toBe(state.bridges[0]?.id);
      expect(typeof up.outputs.configurationId?.value).toBe("number");
      expect(up.outputs.bridgeSlugs?.value).toEqual(["support"]);
      expect(up.outputs.organizations?.value).toContain(emu.orgHandle);

      const preview = await stack.preview({ expectNoChanges: true });
      expect(preview.changeSummary).toEqual({ same: 5 });

      const exported = await plainExport(stack);
      expect(exported).toContain("authToken");
      expect(exported).not.toContain(SECRETS.authToken);
      expect(exported).toContain("authPassword");
      expect(exported).not.toContain(SECRETS.sipPassword);
      expect(exported).not.toContain(emu.token);
    },
    limitFor(3),
  );

  it(
    "previews a name edit as an update of that property",
    async () => {
      const { stack } = native;
      await upOnly(stack);
      await stack.setConfig("bridgeName", { value: "Support desk" });
      try {
        let output = "";
        const preview = await stack.preview({ diff: true, onOutput: (line) => (output += line) });
        expect(preview.changeSummary).toMatchObject({ update: 1 });
        expect(output).toMatch(
          /~ voice:index:Bridge: \(update\)[\s\S]*name\s*:\s*"Support" => "Support desk"/,
        );
      } finally {
        await stack.removeConfig("bridgeName");
      }
    },
    limitFor(2),
  );

  it(
    "imports a bridge made out of band, then previews clean",
    async () => {
      const { stack } = native;
      await upOnly(stack);
      await importLegacyBridge(native, emu, "--generate-code=false");
      await stack.setConfig("legacy", { value: "true" });
      try {
        const preview = await stack.preview({ expectNoChanges: true });
        expect(preview.changeSummary).toEqual({ same: 6 });
      } finally {
        await stack.removeConfig("legacy");
      }
    },
    limitFor(3),
  );

  it(
    "an explicit provider manages a bridge of a second organization",
    async () => {
      const { stack } = native;
      await upOnly(stack);
      await stack.setConfig("globex", { value: "true" });
      try {
        const up = await stack.up();
        expect(up.summary.resourceChanges).toEqual({ create: 2, same: 5 });
        const bridges = (await emu.admin.state()).bridges.map((b) => `${b.organization}/${b.slug}`).sort();
        expect(bridges).toEqual(["acme/support", "globex/staging"]);
        const preview = await stack.preview({ expectNoChanges: true });
        expect(preview.changeSummary).toEqual({ same: 7 });
        expect(await plainExport(stack)).not.toContain(emu.token);
      } finally {
        await stack.removeConfig("globex");
      }
    },
    limitFor(4),
  );

  it(
    "serves the package schema (schema.json) from GetSchema",
    async () => {
      const { stdout } = await native.pulumi(
        "package",
        "get-schema",
        path.join(repoRoot, "bin", "pulumi-resource-voice"),
      );
      const committed = JSON.parse(await readFile(path.join(repoRoot, "schema.json"), "utf8"));
      expect(JSON.parse(stdout)).toEqual(committed);
    },
    limitFor(1),
  );

  it(
    "destroy deletes everything",
    async () => {
      const { stack } = native;
      await upOnly(stack);
      const destroy = await stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(await slugs()).toEqual([]);
      const after = await emu.admin.state();
      expect([after.configurations, after.links, after.trunks]).toEqual([[], [], []]);
    },
    limitFor(2),
  );
});
