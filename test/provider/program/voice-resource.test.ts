import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerSource } from "../../../provider/program/voice-resource";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { voiceConfig } from "../../fixtures/provider";

const run = promisify(execFile);
const ROOT = join(__dirname, "..", "..", "..");

// What the engine's dynamic-provider host does with a resource's __provider text, in a fresh process.
const HOST = `
const requireFromString = require("require-from-string");
const provider = requireFromString(process.env.PROVIDER_TEXT).handler();
const values = JSON.parse(process.env.VOICE_CONFIG);
(async () => {
  await provider.configure({ config: { get: (k) => values[k], require: (k) => values[k] } });
  const checked = await provider.check({}, { name: "Shim", slug: "shim-bridge" });
  const created = await provider.create(checked.inputs);
  const read = await provider.read(created.id, created.outs);
  await provider.delete(created.id, created.outs);
  console.log(JSON.stringify({ created, read }));
})().catch((e) => { console.error(e.message); process.exit(1); });
`;

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());

describe("the serialized provider", () => {
  it("is a small text that loads the installed runtime and works in a fresh process", async () => {
    // The text every Bridge stores as its __provider.
    const text = providerSource("Bridge");
    expect(text.length).toBeLessThan(160);

    const { stdout } = await run(process.execPath, ["-e", HOST], {
      cwd: ROOT,
      env: { ...process.env, PROVIDER_TEXT: text, VOICE_CONFIG: JSON.stringify(voiceConfig(emu)) },
    });
    const { created, read } = JSON.parse(stdout);
    expect(created).toMatchObject({ id: "shim-bridge", outs: { name: "Shim", slug: "shim-bridge" } });
    expect(read.props).toEqual(created.outs);
    const state = await emu.admin.state();
    expect(state.bridges.filter((b) => b.slug === "shim-bridge")).toEqual([]);
    const methods = (await emu.admin.requests()).map((r) => `${r.method} ${r.path}`);
    expect(methods).toEqual(
      expect.arrayContaining(["POST /telephony/bridges/", "DELETE /telephony/bridges/shim-bridge/"]),
    );
  });
});
