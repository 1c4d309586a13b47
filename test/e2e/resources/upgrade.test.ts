// A provider code upgrade between `up` and `destroy`: the stored __provider loads the installed code;
// links recorded by earlier versions (ids naming the bridge a link was made on, moves that replaced
// the link) keep working with this one, and their ids take today's bridge-free form at a refresh.

import { mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS, repoRoot } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { upOnly } from "../../fixtures/stack-up";
import { type ProgramSpec, type VoiceStack, voiceStack } from "../../fixtures/voice-stack";

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
 * A link as earlier versions made it: the same writes, with an id naming the bridge it was made on
 * (`<bridgeSlug>/<configurationId>/<number>`), kept by every read; with `replaceOnMove`, the rule of
 * the versions before moves were in place (a change of bridge replaces the link: disconnect, a
 * checkpoint, connect).
 */
const earlierRuntime = ({ replaceOnMove }: { replaceOnMove: boolean }) => `
const real = require(${JSON.stringify(path.join(dist, "entry", "runtime.js"))});
const BridgeNumber = {
  ...real.BridgeNumber,
  create: async (inputs) => {
    const made = await real.BridgeNumber.create(inputs);
    return { ...made, id: inputs.bridgeSlug + "/" + inputs.providerConfigurationId + "/" + inputs.phoneNumber };
  },
  read: async (id, props) => {
    const read = await real.BridgeNumber.read(id, props);
    return read.id ? { ...read, id } : read;
  },
  diff: async (id, olds, news) => {
    const d = await real.BridgeNumber.diff(id, olds, news);
    return ${replaceOnMove} && olds.bridgeSlug !== news.bridgeSlug
      ? { ...d, replaces: [...(d.replaces ?? []), "bridgeSlug"], deleteBeforeReplace: true }
      : d;
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
}, limitFor(1));

describe("a provider upgrade between up and destroy", { timeout: limitFor(4) }, () => {
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

describe("a link recorded by earlier versions, moved, refreshed, looked up and destroyed by this one", {
  timeout: limitFor(8),
}, () => {
  const spec = (bridge: string, gets: ProgramSpec["gets"] = []): ProgramSpec => ({
    configurations: [{ name: "twilio", provider: "twilio", accountSid: DEMO_ACCOUNT }],
    bridges: [
      { name: "main", bridgeName: "Main", slug: "main" },
      { name: "sales", bridgeName: "Sales", slug: "sales" },
    ],
    numbers: [{ name: "+14155550100", bridge, configuration: "twilio", phoneNumber: "+14155550100" }],
    gets,
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
      (r: { type: string; custom?: boolean; external?: boolean }) =>
        r.type === "pulumi-nodejs:dynamic/voice:BridgeNumber" && !r.external,
    ) as { id: string; outputs: { bridgeSlug: string; providerConfigurationId: number } };
  const posts = async () =>
    (await emu.admin.requests()).filter((r) => r.method === "POST").map((r) => r.path);

  it("keeps working from the state the previous version wrote, and takes today's id at the refresh", async () => {
    // Made by a version whose moves replaced the link, then moved in place by the previous version:
    // its id names the bridge it was made on, which it is no longer on.
    await installPackage(voice.dir.path, earlierRuntime({ replaceOnMove: true }));
    await voice.declare(spec("main"));
    await upOnly(voice.stack);
    const made = await linkState();
    const earlierId = `main/${made.outputs.providerConfigurationId}/+14155550100`;
    expect(made.id).toBe(earlierId);
    await installPackage(voice.dir.path, earlierRuntime({ replaceOnMove: false }));
    await voice.declare(spec("sales"));
    expect((await voice.stack.up()).summary.resourceChanges).toMatchObject({ update: 1 });
    expect(await linkState()).toMatchObject({ id: earlierId, outputs: { bridgeSlug: "sales" } });

    // This version: nothing to change, and the refresh records the link under its bridge-free id.
    await installPackage(voice.dir.path, RUNTIME);
    await emu.admin.clearRequests();
    expect((await voice.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 5 });
    const refreshed = await voice.stack.refresh({ expectNoChanges: true });
    expect(refreshed.summary.resourceChanges).toEqual({ same: 5 });
    const id = `${made.outputs.providerConfigurationId}/+14155550100`;
    expect(await linkState()).toMatchObject({ id, outputs: { bridgeSlug: "sales" } });
    expect((await voice.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 5 });
    expect(await posts()).toEqual([]);

    // `get` takes either form and finds the link where it is; state records it under today's id (the
    // program's `id` stays the one it gave: the engine answers a read resource's properties only).
    const gets = [
      { type: "BridgeNumber" as const, name: "by-earlier-id", id: earlierId },
      { type: "BridgeNumber" as const, name: "by-id", id },
    ];
    await voice.declare(spec("sales", gets));
    const looked = await voice.stack.up();
    expect(looked.outputs.getNames?.value).toEqual({
      "by-earlier-id": "+14155550100",
      "by-id": "+14155550100",
    });
    const read = (await voice.stack.exportStack()).deployment.resources.filter(
      (r: { type: string; external?: boolean }) =>
        r.type === "pulumi-nodejs:dynamic/voice:BridgeNumber" && r.external,
    ) as { id: string; outputs: { bridgeSlug: string } }[];
    expect(read.map((r) => [r.id, r.outputs.bridgeSlug])).toEqual([
      [id, "sales"],
      [id, "sales"],
    ]);

    // A move: in place, the id kept (it names no bridge), then destroy disconnects it where it is.
    await voice.declare(spec("main"));
    await emu.admin.clearRequests();
    expect((await voice.stack.up()).summary.resourceChanges).toMatchObject({ update: 1 });
    expect(await posts()).toEqual([
      "/telephony/bridges/sales/disconnect-provider/",
      "/telephony/bridges/main/connect-provider/",
    ]);
    expect(await linkState()).toMatchObject({ id, outputs: { bridgeSlug: "main" } });
    expect(await linksOf("main")).toEqual(["+14155550100"]);
    expect(await linksOf("sales")).toEqual([]);

    await emu.admin.clearRequests();
    await voice.stack.destroy();
    expect((await posts()).filter((p) => p.includes("disconnect"))).toEqual([
      "/telephony/bridges/main/disconnect-provider/",
    ]);
    const state = await emu.admin.state();
    expect([state.links.length, state.bridges.length]).toEqual([0, 0]);
  });
});
