// The plugin archive the build produces (scripts/plugin-archive.mjs), installed the way Pulumi users
// install a plugin (`pulumi plugin install resource voice <version> --file <archive>`) into a fresh
// PULUMI_HOME, then used by a program whose Pulumi.yaml has no `plugins` block: up and destroy.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS, makeTempDir, repoRoot, type TempDir } from "../fixtures/engine";
import { type NativeStack, nativeStack } from "../fixtures/native-stack";
import { OP_TIMEOUT_MS } from "../fixtures/voice-stack";

const run = promisify(execFile);
const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));

const PULUMI_YAML = `name: voice-native-installed
runtime:
  name: nodejs
  options:
    typescript: false
`;

const PROGRAM = `const pulumi = require("@pulumi/pulumi");
const bridge = new pulumi.CustomResource("voice:index:Bridge", "support", { name: "Support", slug: "support", bridgeId: undefined });
exports.bridgeId = bridge.bridgeId;
exports.organizations = pulumi.runtime
  .invoke("voice:index:getOrganizations", {})
  .then((r) => r.items.map((o) => o.domainHandle));
`;

describe("the plugin archive, installed with `pulumi plugin install`", { timeout: OP_TIMEOUT_MS }, () => {
  let emu: TestEmulator;
  let home: TempDir;
  let native: NativeStack;
  let archive: string;

  beforeAll(async () => {
    const { stdout } = await run("node", [path.join(repoRoot, "scripts", "plugin-archive.mjs")], {
      cwd: repoRoot,
    });
    archive = stdout.trim().split("\n").pop() ?? "";
    emu = await startTestEmulator();
    home = await makeTempDir("pulumi-voice-home-");
    native = await nativeStack(
      emu,
      { "Pulumi.yaml": PULUMI_YAML, "index.js": PROGRAM },
      // Only the installed plugin may serve `voice`: none from PATH, none from the repository.
      { env: { PULUMI_HOME: home.path, PULUMI_IGNORE_AMBIENT_PLUGINS: "true" } },
    );
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await native?.cleanup();
    await home?.remove();
    await emu?.close();
  }, OP_TIMEOUT_MS);

  it("the build names the archive after the plugin, version and platform; it holds no symlink", async () => {
    expect(path.basename(archive)).toMatch(
      new RegExp(`^pulumi-resource-voice-v${version}-(linux|darwin)-(amd64|arm64)\\.tar\\.gz$`),
    );
    const { stdout } = await run("tar", ["-tvzf", archive]);
    expect(stdout).not.toMatch(/^l/m);
    expect(stdout).toMatch(/pulumi-resource-voice\n/);
  });

  it("`pulumi plugin install resource voice <version> --file` installs it", async () => {
    await native.pulumi("plugin", "install", "resource", "voice", version, "--file", archive);
    const { stdout } = await native.pulumi("plugin", "ls");
    expect(stdout).toMatch(new RegExp(`voice\\s+resource\\s+${version.replaceAll(".", "\\.")}`));
  });

  it("a program with no plugins.path uses the installed plugin: up (and an invoke), then destroy", async () => {
    const up = await native.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    const [bridge] = (await emu.admin.state()).bridges;
    expect(up.outputs.bridgeId?.value).toBe(bridge?.id);
    expect(up.outputs.organizations?.value).toContain(emu.orgHandle);
    await native.stack.destroy();
    expect((await emu.admin.state()).bridges).toEqual([]);
  });
});
