// The native provider plugin (bin/pulumi-resource-voice) through the real engine: a JavaScript program
// declaring `voice:index:*` resources, loaded from Pulumi.yaml `plugins.providers[].path`.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import {
  ENGINE_BUILD_TIMEOUT_MS,
  engineEnv,
  makeProgramDir,
  pulumiCommand,
  repoRoot,
  type TempDir,
} from "../../fixtures/engine";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { emulatorConfig, OP_TIMEOUT_MS, plainExport, SECRETS } from "../../fixtures/voice-stack";

const run = promisify(execFile);

const PULUMI_YAML = `name: voice-native-e2e
runtime:
  name: nodejs
  options:
    typescript: false
plugins:
  providers:
    - name: voice
      path: ${path.join(repoRoot, "bin")}
`;

/** The program: config `bridgeName` names the bridge; config `legacy` declares the imported one. */
const PROGRAM = `const pulumi = require("@pulumi/pulumi");
const config = new pulumi.Config();
const carrier = new pulumi.CustomResource("voice:index:ProviderConfiguration", "carrier", {
  provider: "twilio",
  accountSid: ${JSON.stringify(DEMO_ACCOUNT)},
  authToken: config.requireSecret("authToken"),
  configurationId: undefined,
});
const support = new pulumi.CustomResource("voice:index:Bridge", "support", {
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

describe("the native provider plugin with the real engine", { timeout: OP_TIMEOUT_MS }, () => {
  let emu: TestEmulator;
  let dir: TempDir;
  let stack: Stack;
  const slugs = async () => (await emu.admin.state()).bridges.map((b) => b.slug).sort();

  /** Runs the CLI in the program directory, as a user does. */
  const pulumi = async (...args: string[]) => {
    const workspace = stack.workspace as LocalWorkspace;
    const { stdout } = await run("pulumi", [...args, "--non-interactive"], {
      cwd: dir.path,
      env: { ...process.env, ...workspace.envVars },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  };

  beforeAll(async () => {
    emu = await startTestEmulator();
    dir = await makeProgramDir({ "Pulumi.yaml": PULUMI_YAML, "index.js": PROGRAM });
    stack = await LocalWorkspace.createOrSelectStack(
      { stackName: "native", workDir: dir.path },
      { envVars: await engineEnv(), pulumiCommand: await pulumiCommand() },
    );
    await stack.setAllConfig({
      ...emulatorConfig(emu),
      authToken: { value: SECRETS.authToken, secret: true },
      sipPassword: { value: SECRETS.sipPassword, secret: true },
    });
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.workspace.removeStack("native", { force: true }).catch(() => undefined);
    await dir?.remove();
    await emu?.close();
  }, OP_TIMEOUT_MS);

  it("up creates the resources and answers the invokes", async () => {
    const up = await stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 5 });
    expect(await slugs()).toEqual(["support"]);
    const state = await emu.admin.state();
    expect([state.links.length, state.trunks.length]).toEqual([1, 1]);
    const [bridge] = (await emu.admin.state()).bridges;
    expect(up.outputs.bridgeId?.value).toBe(bridge?.id);
    expect(typeof up.outputs.configurationId?.value).toBe("number");
    expect(up.outputs.bridgeSlugs?.value).toEqual(["support"]);
    expect(up.outputs.organizations?.value).toContain(emu.orgHandle);
  });

  it("a preview right after finds no change", async () => {
    const preview = await stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 5 });
  });

  it("keeps the secrets out of the plaintext state", async () => {
    const exported = await plainExport(stack);
    expect(exported).toContain("authToken");
    expect(exported).not.toContain(SECRETS.authToken);
    expect(exported).toContain("authPassword");
    expect(exported).not.toContain(SECRETS.sipPassword);
    expect(exported).not.toContain(emu.token);
  });

  it("previews a name edit as an update of that property", async () => {
    await stack.setConfig("bridgeName", { value: "Support desk" });
    let output = "";
    const preview = await stack.preview({ diff: true, onOutput: (line) => (output += line) });
    expect(preview.changeSummary).toMatchObject({ update: 1 });
    expect(output).toMatch(/~ voice:index:Bridge: \(update\)[\s\S]*name\s*:\s*"Support" => "Support desk"/);
    await stack.removeConfig("bridgeName");
  });

  it("imports a bridge made out of band, then previews clean", async () => {
    const client = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle });
    await client.bridges.create({ name: "Legacy", slug: "legacy" });
    await pulumi(
      "import",
      "voice:index:Bridge",
      "legacy",
      "legacy",
      "--protect=false",
      "--generate-code=false",
      "--yes",
    );
    await stack.setConfig("legacy", { value: "true" });
    const preview = await stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 6 });
  });

  it("an explicit provider manages a bridge of a second organization", async () => {
    await stack.setConfig("globex", { value: "true" });
    const up = await stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 2, same: 6 });
    const bridges = (await emu.admin.state()).bridges.map((b) => `${b.organization}/${b.slug}`).sort();
    expect(bridges).toEqual(["acme/legacy", "acme/support", "globex/staging"]);
    const preview = await stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 8 });
    expect(await plainExport(stack)).not.toContain(emu.token);
  });

  it("serves the package schema (schema.json) from GetSchema", async () => {
    const served = await pulumi("package", "get-schema", path.join(repoRoot, "bin", "pulumi-resource-voice"));
    const committed = JSON.parse(await readFile(path.join(repoRoot, "schema.json"), "utf8"));
    expect(JSON.parse(served)).toEqual(committed);
  });

  it("destroy deletes everything", async () => {
    const destroy = await stack.destroy();
    expect(destroy.summary.result).toBe("succeeded");
    expect(await slugs()).toEqual([]);
    const after = await emu.admin.state();
    expect([after.configurations, after.links, after.trunks]).toEqual([[], [], []]);
  });
});
