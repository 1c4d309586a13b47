// What the traffic admin routes and `traffic` add to the state: kept in the state file across a
// restart, gone after a reset (which brings back the start's own traffic), absent from a seeded
// state that never used them.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContext, type StartEmulatorOptions } from "../../../emulator/server";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { ACME_TWILIO, linkAcmeNumbers } from "../../fixtures/linked-numbers";
import { platform } from "../../fixtures/raw-platform";

const [FIRST, SECOND] = ACME_TWILIO.numbers as readonly string[] as [string, string];
const NEXT_AT = "2030-01-01T09:00:00.000Z";

let dir: string;
let file: string;
const running: TestEmulator[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "voice-emulator-traffic-"));
  file = join(dir, "state.json");
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
  rmSync(dir, { recursive: true, force: true });
});
async function start(opts: StartEmulatorOptions = {}): Promise<TestEmulator> {
  const emu = await startTestEmulator({ stateFile: file, ...opts });
  running.push(emu);
  return emu;
}

/** What a review reads of acme: CDRs, channels on bridge `main`, agents, support-agent's follow-ups. */
async function reading(emu: TestEmulator) {
  const call = platform(emu);
  const cdrs = (await call("GET", "/cdr/")).json;
  const bridge = await call("GET", "/telephony/bridges/main/");
  const overview = (await call("GET", "/telephony/overview/")).json.data;
  const tasks = (await call("GET", "/agents/support-agent/tasks/")).json.data;
  return {
    cdrs: cdrs.count,
    lastCdr: cdrs.data.at(-1),
    channels:
      bridge.status === 200
        ? bridge.json.data.numbers.map((n: { channels_count: number }) => n.channels_count)
        : [],
    agents: overview
      .filter((r: { agent_id: unknown }) => r.agent_id !== null)
      .map((r: { agent_id: unknown }) => r.agent_id),
    followUps: tasks
      .filter((t: { scheduled_timestamp: unknown }) => t.scheduled_timestamp !== null)
      .map((t: any) => [t.status, t.scheduled_timestamp, t.output.assistant_number]),
  };
}

describe("traffic state", () => {
  it("survives a restart from the state file: CDRs, channels, agents and follow-ups", async () => {
    const first = await start();
    await linkAcmeNumbers(first, { main: [FIRST, SECOND] });
    await first.admin.addTraffic("acme", { calls: 30, now: "2025-06-01T00:00:00Z" });
    await first.admin.setLiveChannels("acme", FIRST, 4);
    await first.admin.setNumberAgent("acme", SECOND, "sales-agent");
    await first.admin.addFollowUp("acme", { number: FIRST, nextAt: NEXT_AT });
    const before = await reading(first);
    expect(before).toMatchObject({
      cdrs: 35,
      channels: [4, 0],
      agents: ["sales-agent"],
      followUps: [["pending", NEXT_AT, FIRST]],
    });
    await first.close();
    running.splice(0);

    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.numberSettings).toHaveLength(2);
    const second = await start();
    expect(await reading(second)).toEqual(before);
  });

  it("is gone after a reset, back to the seed", async () => {
    const emu = await start();
    await linkAcmeNumbers(emu, { main: [FIRST] });
    await emu.admin.addTraffic("acme", { calls: 30 });
    await emu.admin.setLiveChannels("acme", FIRST, 4);
    await emu.admin.setNumberAgent("acme", FIRST, "sales-agent");
    await emu.admin.addFollowUp("acme", { number: FIRST, nextAt: NEXT_AT });
    await emu.admin.reset();
    const state = await emu.admin.state();
    expect(state.numberSettings).toBeUndefined();
    expect(state.cdrs).toHaveLength(6);
    expect(state.tasks.map((t) => t.task_id)).toEqual(["Tseed0001", "Tseed0002", "Tseed0003"]);
    await linkAcmeNumbers(emu, { main: [FIRST] });
    expect(await reading(emu)).toMatchObject({ cdrs: 5, channels: [0], agents: [], followUps: [] });
  });

  it("is absent from a seeded state that never used it", () => {
    const state = createContext().store.state;
    expect(Object.keys(state)).toEqual([
      "format",
      "nextIds",
      "organizations",
      "tokens",
      "spaces",
      "agents",
      "providers",
      "accounts",
      "numbers",
      "configurations",
      "bridges",
      "links",
      "trunks",
      "tasks",
      "runs",
      "cdrs",
    ]);
    for (const task of state.tasks) expect(Object.keys(task)).not.toContain("scheduled_at");
    expect(state.cdrs).toHaveLength(6);
  });
});

describe("traffic at start", () => {
  it("gives acme its calls over the 14 days to the start, and a reset gives the very same again", async () => {
    const before = Date.now();
    const emu = await start({ stateFile: undefined, traffic: 120 });
    expect(emu.traffic).toEqual({ seed: 1, days: 14, calls: 120, now: expect.any(String) });
    const now = Date.parse(emu.traffic?.now ?? "");
    expect(now).toBeGreaterThanOrEqual(before);
    const call = platform(emu);
    const listed = (await call("GET", "/cdr/")).json;
    expect(listed.count).toBe(125);
    const generated = listed.data.slice(5);
    // The seed links nothing, so the calls go through acme's numbers without a bridge.
    expect(generated.every((c: { bridge: unknown }) => c.bridge === null)).toBe(true);
    expect(Date.parse(generated[0].creation_time)).toBeGreaterThanOrEqual(now - 14 * 86_400_000);
    expect(Date.parse(generated.at(-1).end_time)).toBeLessThanOrEqual(now);
    await emu.admin.addTraffic("acme", { calls: 10 });
    await emu.admin.reset();
    expect((await call("GET", "/cdr/")).json).toEqual(listed);
  });

  it("adds to a loaded state file too, through the bridges it holds", async () => {
    const first = await start();
    const bridges = await linkAcmeNumbers(first, { main: [FIRST, SECOND] });
    await first.close();
    running.splice(0);
    // Another token too: the start grants it the demo organizations before the calls are added.
    const second = await start({ traffic: 40, token: "another-token" });
    const generated = (await platform(second)("GET", "/cdr/")).json.data.slice(5);
    expect(generated).toHaveLength(40);
    expect(
      generated.every((c: { bridge: unknown }) => JSON.stringify(c.bridge) === JSON.stringify(bridges.main)),
    ).toBe(true);
  });

  it("refuses a count out of range", () => {
    expect(() => createContext({ traffic: -1 })).toThrow(/^traffic must be an integer from 0 to 1,000,000/);
    expect(() => createContext({ traffic: 2.5 })).toThrow(/traffic/);
  });
});
