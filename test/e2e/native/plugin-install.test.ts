// The plugin archive of the host's platform from the test run's release dry run (a Node.js single executable),
// installed the way Pulumi users install a plugin (`pulumi plugin install resource voice <version> --file
// <archive>`) into a fresh PULUMI_HOME, then used by a Pulumi YAML program whose Pulumi.yaml has no
// `plugins` block, with no `node` anywhere on PATH: up (and an invoke), import, destroy.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import {
  ENGINE_BUILD_TIMEOUT_MS,
  engineEnv,
  makeTempDir,
  repoRoot,
  type TempDir,
} from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import { importLegacyBridge, type NativeStack, nativeStack } from "../../fixtures/native-stack";
import { hostArchive, RELEASE_TIMEOUT_MS } from "../../fixtures/release-files";

const run = promisify(execFile);
const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));

const PULUMI_YAML = `name: voice-installed
runtime: yaml
resources:
  support:
    type: voice:index:Bridge
    properties:
      name: Support
      slug: support
variables:
  organizations:
    fn::invoke:
      function: voice:index:getOrganizations
      arguments: {}
      return: items
outputs:
  bridgeId: \${support.bridgeId}
  organizations: \${organizations}
`;

/** Where `command` resolves on `PATH` (as a shell would), or "" when it does not. */
async function resolve(command: string, PATH: string): Promise<string> {
  const { stdout } = await run("/bin/sh", ["-c", `command -v ${command} || true`], { env: { PATH } });
  return stdout.trim();
}

describe("the single-executable plugin, installed with `pulumi plugin install`, with no Node.js", {
  timeout: limitFor(2),
}, () => {
  let emu: TestEmulator;
  let home: TempDir;
  let native: NativeStack;
  let archive: string;
  /** The engine's bin directory alone: Go binaries (the CLI, the YAML language host), no `node`. */
  let PATH: string;

  beforeAll(async () => {
    [archive, emu] = await Promise.all([hostArchive("plugin"), startTestEmulator()]);
    home = await makeTempDir("pulumi-voice-home-");
    // The engine's PATH starts with its bin directory (then Node.js 24 and the system's): keep that only.
    PATH = (await engineEnv("yaml")).PATH?.split(path.delimiter)[0] ?? "";
    native = await nativeStack(
      emu,
      { "Pulumi.yaml": PULUMI_YAML },
      // Only the installed plugin may serve `voice`: none from PATH, none from the repository.
      { env: { PATH, PULUMI_HOME: home.path, PULUMI_IGNORE_AMBIENT_PLUGINS: "true" } },
    );
    await native.stack.removeAllConfig(["authToken", "sipPassword"]);
  }, ENGINE_BUILD_TIMEOUT_MS + RELEASE_TIMEOUT_MS);

  afterAll(async () => {
    await native?.cleanup();
    await home?.remove();
    await emu?.close();
  }, limitFor(1));

  it("the archive is named after the plugin, version and platform and holds the executable and its version", async () => {
    expect(path.basename(archive)).toBe(`pulumi-resource-voice-v${version}-linux-amd64.tar.gz`);
    const { stdout } = await run("tar", ["-tvzf", archive]);
    expect(stdout).not.toMatch(/^l/m);
    expect(
      stdout
        .trim()
        .split("\n")
        .map((line) => line.split(/\s+/).pop())
        .sort(),
    ).toEqual(["package.json", "pulumi-resource-voice"]);
  });

  it("no `node` is on the PATH the engine and the plugin get; the engine's own programs are", async () => {
    expect(await resolve("node", PATH)).toBe("");
    expect(await resolve("pulumi", PATH)).not.toBe("");
    expect(await resolve("pulumi-language-yaml", PATH)).not.toBe("");
  });

  it("`pulumi plugin install resource voice <version> --file` installs it: one native executable", async () => {
    await native.pulumi("plugin", "install", "resource", "voice", version, "--file", archive);
    const { stdout } = await native.pulumi("plugin", "ls");
    expect(stdout).toMatch(new RegExp(`voice\\s+resource\\s+${version.replaceAll(".", "\\.")}`));
    const dir = path.join(home.path, "plugins", `resource-voice-v${version}`);
    expect((await readdir(dir)).filter((f) => !f.startsWith("."))).toContain("pulumi-resource-voice");
    // An ELF executable, not a script that would look for an interpreter.
    const head = (await readFile(path.join(dir, "pulumi-resource-voice"))).subarray(0, 4);
    expect(head.toString("latin1")).toBe("\x7fELF");
    // Run by hand, it answers instead of serving (the engine's start gives no such option).
    const plugin = (arg: string) =>
      run(path.join(dir, "pulumi-resource-voice"), [arg], { env: { PATH }, timeout: 20_000 });
    expect((await plugin("--version")).stdout).toBe(`${version}\n`);
    expect((await plugin("--help")).stdout).toMatch(
      /^Usage: pulumi-resource-voice \[--version \| --help\]\n/,
    );
  });

  it("a YAML program uses it: up (with an invoke), import, destroy", async () => {
    const up = await native.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    const [bridge] = (await emu.admin.state()).bridges;
    expect(up.outputs.bridgeId?.value).toBe(bridge?.id);
    expect(up.outputs.organizations?.value).toEqual(
      expect.arrayContaining([expect.objectContaining({ domainHandle: emu.orgHandle })]),
    );

    const stdout = await importLegacyBridge(native, emu);
    expect(stdout).toMatch(/type: voice:(index:)?Bridge\n {4}properties:\n {6}name: Legacy\n/);
    expect(
      (await native.stack.exportStack()).deployment.resources?.map((r: { urn: string }) => r.urn),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/voice:index:Bridge::legacy$/)]));

    await native.stack.destroy();
    expect((await emu.admin.state()).bridges).toEqual([]);
  });
});
