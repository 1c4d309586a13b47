// A provider code upgrade between `up` and `destroy`: the stored __provider loads the installed code; and
// a link made by the previous version, whose move was a replacement, is moved in place by this one.

import { mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VoiceClient } from "../../sdk";
import { startTestEmulator, type TestEmulator } from "../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS, repoRoot } from "../fixtures/engine";
import { DEMO_ACCOUNT } from "../fixtures/platform";
import { upOnly } from "../fixtures/stack-up";
import { OP_TIMEOUT_MS, type ProgramSpec, type VoiceStack, voiceStack } from "../fixtures/voice-stack";

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
 * The runtime entry of the previous version, as far as a link is concerned: the same create, read and
 * delete, and its rule that a change of bridge replaces the link (disconnect, a checkpoint, connect).
 */
const RUNTIME_V1 = `
const real = require(${JSON.stringify(path.join(dist, "entry", "runtime.js"))});
const BridgeNumber = {
  ...real.BridgeNumber,
  diff: async (id, olds, news) => {
    const d = await real.BridgeNumber.diff(id, olds, news);
    return olds.bridgeSlug === news.bridgeSlug ? d : { ...d, replaces: [...(d.replaces ?? []), "bridgeSlug"], deleteBeforeReplace: true };
  },
};
module.exports = { ...real, BridgeNumber };
`;

/** The installed code, unchanged. */
const RUNTIME = `module.exports = require(${JSON.stringify(path.join(dist, "entry", "runtime.js"))});`;

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
  await installPackage(voice.dir.path, RUNTIME);
}, ENGINE_BUILD_TIMEOUT_MS);
afterAll(async () => {
  await voice?.cleanup();
  await emu?.close();
}, OP_TIMEOUT_MS);

describe("a provider upgrade between up and destroy", { timeout: OP_TIMEOUT_MS }, () => {
  it("destroys with the installed code, not the code of the create", async () => {
    await voice.declare({ bridges: [{ name: "main", bridgeName: "Main", slug: "main" }] });
    await upOnly(voice.stack);
    expect((await emu.admin.state()).bridges).toHaveLength(1);

    await installPackage(voice.dir.path, RUNTIME_V2);
    await voice.stack.destroy();

    expect((await emu.admin.state()).bridges).toEqual([]);
    expect(await readFile(path.join(voice.dir.path, "upgrade.log"), "utf8")).toBe("Bridge delete main\n");
  });
});

describe("a link made by the previous version, then moved to another bridge", {
  timeout: OP_TIMEOUT_MS * 2,
}, () => {
  const spec = (bridge: string): ProgramSpec => ({
    configurations: [{ name: "twilio", provider: "twilio", accountSid: DEMO_ACCOUNT }],
    bridges: [
      { name: "main", bridgeName: "Main", slug: "main" },
      { name: "sales", bridgeName: "Sales", slug: "sales" },
    ],
    numbers: [{ name: "+14155550100", bridge, configuration: "twilio", phoneNumber: "+14155550100" }],
  });
  const linksOf = async (slug: string) =>
    (
      await new VoiceClient({
        baseUrl: emu.url,
        token: emu.token,
        orgHandle: emu.orgHandle,
      }).bridges.retrieve(slug)
    ).numbers.map((n) => n.number);
  const linkState = async () =>
    (await voice.stack.exportStack()).deployment.resources.find(
      (r: { type: string }) => r.type === "pulumi-nodejs:dynamic/voice:BridgeNumber",
    ) as { id: string; outputs: { bridgeSlug: string } };

  it("is moved in place: the id stays, the recorded bridge is the one disconnected, and destroy finds it", async () => {
    await installPackage(voice.dir.path, RUNTIME_V1);
    await voice.declare(spec("main"));
    await upOnly(voice.stack);
    const made = await linkState();
    expect(made.id).toMatch(/^main\/\d+\/\+14155550100$/);
    // The previous version plans the move as a replacement.
    await voice.declare(spec("sales"));
    expect((await voice.stack.preview()).changeSummary).toMatchObject({ replace: 1 });

    await installPackage(voice.dir.path, RUNTIME);
    await emu.admin.clearRequests();
    const up = await voice.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(up.summary.resourceChanges).not.toHaveProperty("replace");
    const posts = (await emu.admin.requests()).filter((r) => r.method === "POST").map((r) => r.path);
    expect(posts).toEqual([
      "/telephony/bridges/main/disconnect-provider/",
      "/telephony/bridges/sales/connect-provider/",
    ]);
    const moved = await linkState();
    // The id still names the old bridge; state's bridgeSlug is the one every later step uses.
    expect(moved.id).toBe(made.id);
    expect(moved.outputs.bridgeSlug).toBe("sales");
    expect(await linksOf("main")).toEqual([]);
    expect(await linksOf("sales")).toEqual(["+14155550100"]);

    await voice.stack.refresh();
    expect((await voice.stack.preview({ expectNoChanges: true })).changeSummary).not.toHaveProperty("update");
    await emu.admin.clearRequests();
    await voice.stack.destroy();
    const disconnects = (await emu.admin.requests())
      .filter((r) => r.method === "POST")
      .map((r) => r.path)
      .filter((p) => p.includes("disconnect"));
    expect(disconnects).toEqual(["/telephony/bridges/sales/disconnect-provider/"]);
    expect((await emu.admin.state()).bridges).toEqual([]);
  });
});
