// A provider code upgrade between `up` and `destroy`: the stored __provider loads the installed code.
import { mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS, repoRoot } from "../fixtures/engine";
import { OP_TIMEOUT_MS, type VoiceStack, voiceStack } from "../fixtures/voice-stack";

const dist = path.join(repoRoot, "dist", "provider");

/** The runtime entry of "version 2": the installed code, plus a marker of every delete it runs. */
const RUNTIME_V2 = `
const real = require(${JSON.stringify(path.join(dist, "entry", "runtime.js"))});
const { appendFileSync } = require("node:fs");
const marked = (type) => ({
  ...real[type],
  delete: async (id, props) => {
    appendFileSync(require("node:path").join(__dirname, "..", "..", "upgrade.log"), type + " delete " + id + "\\n");
    return real[type].delete(id, props);
  },
});
module.exports = { ...real, Bridge: marked("Bridge") };
`;

/**
 * Installs the package in the program's own node_modules (the rest links to the repository's), so the
 * test can swap its code the way `npm install pulumi-voice-platform@next` would.
 */
async function installPackage(programDir: string, runtime: string): Promise<void> {
  const modules = path.join(programDir, "node_modules");
  const pkg = path.join(modules, "pulumi-voice-platform");
  await mkdir(pkg, { recursive: true });
  await writeFile(
    path.join(pkg, "package.json"),
    JSON.stringify({
      name: "pulumi-voice-platform",
      exports: { ".": "./index.js", "./runtime": "./runtime.js" },
    }),
  );
  await writeFile(
    path.join(pkg, "index.js"),
    `module.exports = require(${JSON.stringify(path.join(dist, "index.js"))});`,
  );
  await writeFile(path.join(pkg, "runtime.js"), runtime);
}

let emu: TestEmulator;
let voice: VoiceStack;
beforeAll(async () => {
  emu = await startTestEmulator();
  voice = await voiceStack(emu);
  // Replace the node_modules link with a folder of links, so this program gets its own copy of the package.
  const modules = path.join(voice.dir.path, "node_modules");
  await rm(modules);
  await mkdir(modules);
  for (const entry of await readdir(path.join(repoRoot, "node_modules"))) {
    if (entry !== "pulumi-voice-platform")
      await symlink(path.join(repoRoot, "node_modules", entry), path.join(modules, entry));
  }
  await installPackage(
    voice.dir.path,
    `module.exports = require(${JSON.stringify(path.join(dist, "entry", "runtime.js"))});`,
  );
}, ENGINE_BUILD_TIMEOUT_MS);
afterAll(async () => {
  await voice?.cleanup();
  await emu?.close();
}, OP_TIMEOUT_MS);

describe("a provider upgrade between up and destroy", { timeout: OP_TIMEOUT_MS }, () => {
  it("destroys with the installed code, not the code of the create", async () => {
    await voice.declare({ bridges: [{ name: "main", bridgeName: "Main", slug: "main" }] });
    await voice.stack.up();
    expect((await emu.admin.state()).bridges).toHaveLength(1);

    await installPackage(voice.dir.path, RUNTIME_V2);
    await voice.stack.destroy();

    expect((await emu.admin.state()).bridges).toEqual([]);
    expect(await readFile(path.join(voice.dir.path, "upgrade.log"), "utf8")).toBe("Bridge delete main\n");
  });
});
