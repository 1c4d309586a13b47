import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { ACME_TWILIO_SID, platform } from "../../fixtures/raw-platform";

let dir: string;
let file: string;
const running: TestEmulator[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "voice-emulator-"));
  file = join(dir, "nested", "state.json");
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
  rmSync(dir, { recursive: true, force: true });
});
async function start(token?: string): Promise<TestEmulator> {
  const emu = await startTestEmulator({ stateFile: file, ...(token ? { token } : {}) });
  running.push(emu);
  return emu;
}
const onDisk = () => JSON.parse(readFileSync(file, "utf8"));

describe("state file", () => {
  it("is written at start and after every change, before the answer", async () => {
    const emu = await start();
    expect(onDisk().format).toBe("voice-emulator-state/1");
    expect(onDisk().bridges).toEqual([]);
    const call = platform(emu);
    await call("POST", "/telephony/bridges/", { body: { name: "Main", slug: "main" } });
    expect(onDisk().bridges.map((b: { slug: string }) => b.slug)).toEqual(["main"]);
    await call("PATCH", "/telephony/bridges/main/", { body: { name: "Renamed" } });
    expect(onDisk().bridges[0].name).toBe("Renamed");
    await emu.admin.renameBridge("acme", "main", "Dashboard");
    expect(onDisk().bridges[0].name).toBe("Dashboard");
    expect(readdirSync(join(dir, "nested"))).toEqual(["state.json"]);
  });

  it("survives a restart: records, links, secrets and id counters", async () => {
    const first = await start();
    const call = platform(first);
    const cfg = await call("POST", "/telephony/providers-configurations/", {
      body: { provider: "twilio", account_sid: ACME_TWILIO_SID, auth_token: "kept-secret" },
    });
    await call("POST", "/telephony/bridges/", { body: { name: "Main", slug: "main" } });
    await call("POST", "/telephony/bridges/main/connect-provider/", {
      body: { provider_config_id: cfg.json.data.id, phone_number: "+14155550100" },
    });
    await call("POST", "/telephony/trunks/", {
      body: { name: "T", sip_url: "pbx.example.com", auth_password: "pw" },
    });
    const before = await first.admin.state();
    await first.close();

    const second = await start();
    expect(await second.admin.state()).toEqual(before);
    const again = platform(second);
    expect((await again("GET", "/telephony/bridges/main/")).json.data.numbers).toHaveLength(1);
    const next = await again("POST", "/telephony/bridges/", { body: { name: "Two", slug: "two" } });
    expect(next.json.data.id).toBe(2);
  });

  it("a restart with another token grants it the demo organizations", async () => {
    const first = await start("first-token");
    await first.close();
    const second = await start("second-token");
    const res = await platform(second)("GET", "/organizations/");
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(2);
    const tokens = (await second.admin.state()).tokens.map((t) => t.token).sort();
    expect(tokens).toEqual(["first-token", "second-token"]);
  });

  it("refuses to start on a corrupt file and leaves it alone", async () => {
    mkdirSync(join(dir, "nested"), { recursive: true });
    writeFileSync(file, "{not json");
    await expect(start()).rejects.toThrow(/not valid JSON/);
    writeFileSync(file, JSON.stringify({ format: "something-else" }));
    await expect(start()).rejects.toThrow(/not an emulator state/);
    expect(readFileSync(file, "utf8")).toBe(JSON.stringify({ format: "something-else" }));
  });

  it("reset is persisted too", async () => {
    const emu = await start();
    await platform(emu)("POST", "/telephony/bridges/", { body: { name: "Main", slug: "main" } });
    await emu.admin.reset();
    expect(onDisk().bridges).toEqual([]);
  });
});
