// What planned changes do to an organization's live calls, read from the emulator over HTTP: calls
// from its call records, live channels from bridge details, agents from the overview, follow-ups
// from the agents' tasks; with the cost of each read counted.
import { beforeEach, describe, expect, it } from "vitest";
import { formatNumberImpact } from "../../../provider/impact/format";
import { OrganizationTraffic } from "../../../provider/impact/organization-traffic";
import type { Touch } from "../../../provider/runtime/touch";
import type { VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor } from "../../fixtures/http";
import { linkNumber } from "../../fixtures/platform";

const emu = useEmulator();
const HOUR = 3_600_000;
const NOW = new Date(Math.floor(Date.now() / HOUR) * HOUR);
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR).toISOString();
const CONFIG_TOKEN = "config-auth-token-never-shown";

const BUSY = "+14155550100";
const QUIET = "+14155550101";
const OLD = "+14155550102";
const URN = "urn:pulumi:prod::telephony::voice:index:BridgeNumber::busy";

let client: VoiceClient;
let configId: number;

/** A call of one of acme's numbers: inbound to it or outbound from it, `hours` before NOW. */
function call(number: string, type: "inbound" | "outbound", status: string, hours: number) {
  const customer = "+12065550142";
  return emu.admin.addCdr("acme", {
    source_number: type === "inbound" ? customer : number,
    destination_number: type === "inbound" ? number : customer,
    call_type: type,
    call_status: status,
    creation_time: ago(hours + 0.01),
    start_time: ago(hours),
    end_time: ago(hours - 0.01),
    call_duration: status === "completed" ? 36 : 0,
    end_reason: status === "completed" ? "call.completed.caller_hangup" : "call.failed.rejected",
  });
}

/** Requests of the reader to one path, from the emulator's log. */
const requestsTo = async (path: string) => (await emu.admin.requests()).filter((r) => r.path === path).length;

const move = (number: string): Touch => ({
  kind: "number",
  number,
  change: "move",
  fromBridge: "support",
  toBridge: "sales",
});

beforeEach(async () => {
  client = clientFor(emu);
  const config = await linkNumber(client, {
    slug: "support",
    bridgeName: "Support",
    phoneNumber: BUSY,
    authToken: CONFIG_TOKEN,
  });
  await client.bridges.create({ name: "Sales", slug: "sales" });
  for (const phone_number of [QUIET, OLD]) {
    await client.bridges.connectProvider("support", { provider_config_id: config.id, phone_number });
  }
  configId = config.id;
  await emu.admin.clearRequests();
});

describe("OrganizationTraffic, before any read", () => {
  it("refuses bad options naming the option, before any request", async () => {
    expect(() => new OrganizationTraffic(client, { windowDays: 0 })).toThrow(
      "impact option windowDays: must be greater than 0 (got 0)",
    );
    expect(() => new OrganizationTraffic(client, { highCalls: 0.5 })).toThrow("impact option highCalls:");
    expect(await emu.admin.requests()).toEqual([]);
  });

  it("reads nothing without touches", async () => {
    const traffic = new OrganizationTraffic(client, { now: NOW });
    const report = await traffic.impactOf([]);
    expect(report).toMatchObject({ organization: "acme", numbers: [], notes: [], requests: 0, callsRead: 0 });
    expect(await emu.admin.requests()).toEqual([]);
  });

  it("trunks and configurations give notes, not numbers, and read nothing", async () => {
    const traffic = new OrganizationTraffic(client, { now: NOW });
    const report = await traffic.impactOf([
      { kind: "trunk", name: "Primary Edge", change: "update", fields: ["sipUrl", "port"] },
      { kind: "configuration", id: 4, accountSid: "AC1", change: "delete" },
    ]);
    expect(report.numbers).toEqual([]);
    expect(report.notes).toEqual([
      'SIP trunk "Primary Edge" changes sipUrl, port: trunks name no bridge on the platform, so the numbers whose calls it carries cannot be named',
      "provider configuration 4 (account AC1) is deleted: the platform does not say which numbers a configuration carries, so only numbers whose links change in this plan are listed",
    ]);
    expect(report.requests).toBe(0);
    expect(await emu.admin.requests()).toEqual([]);
  });
});

describe("OrganizationTraffic.impactOf", () => {
  it("a moved busy number is high: live channels, recent calls, its agent and a scheduled follow-up", async () => {
    await call(BUSY, "inbound", "completed", 1);
    await call(BUSY, "inbound", "completed", 3);
    await call(BUSY, "outbound", "failed", 26);
    await emu.admin.setLiveChannels("acme", BUSY, 2);
    await emu.admin.setNumberAgent("acme", BUSY, "support-agent");
    const nextAt = new Date(NOW.getTime() + 18 * HOUR).toISOString();
    await emu.admin.addFollowUp("acme", { number: BUSY, nextAt, assignee: "support-agent" });
    await emu.admin.clearRequests();
    const report = await new OrganizationTraffic(client, { now: NOW }).impactOf([
      { ...move(BUSY), resource: URN },
    ]);
    expect(report.numbers).toEqual([
      {
        number: BUSY,
        change: "move",
        resource: URN,
        fromBridge: "support",
        toBridge: "sales",
        calls: { total: 3, inbound: 2, outbound: 1, completed: 2, failed: 1, recent: 2, lastCallAt: ago(1) },
        liveChannels: 2,
        agent: "support-agent",
        followUps: { count: 1, next: nextAt },
        level: "high",
        rule: "2 live channels now",
      },
    ]);
    expect(report.notes).toEqual([]);
    // The first CDR page (all of them), the overview, the support bridge, the agent's tasks.
    expect(report.requests).toBe(4);
    expect((await emu.admin.requests()).map((r) => r.path).sort()).toEqual([
      "/agents/support-agent/tasks/",
      "/cdr/",
      "/telephony/bridges/support/",
      "/telephony/overview/",
    ]);
    expect(formatNumberImpact(report.numbers[0]!, report)).toBe(
      `${BUSY} (move support → sales): HIGH — 2 live channels now; 3 calls in 7 days (2 in, 1 out; 1 failed), ` +
        `last ${ago(1).slice(0, 16)}Z; agent support-agent; 1 follow-up scheduled (next ${nextAt.slice(0, 16)}Z)`,
    );
  });

  it("a follow-up to come makes a number high; one already due, or from another number, does not", async () => {
    for (const number of [BUSY, QUIET]) await emu.admin.setNumberAgent("acme", number, "support-agent");
    const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();
    await emu.admin.addFollowUp("acme", { number: BUSY, nextAt: at(30), assignee: "support-agent" });
    await emu.admin.addFollowUp("acme", { number: BUSY, nextAt: at(5), assignee: "support-agent" });
    await emu.admin.addFollowUp("acme", { number: OLD, nextAt: at(5), assignee: "support-agent" });
    const report = await new OrganizationTraffic(client, { now: NOW }).impactOf([move(BUSY), move(QUIET)]);
    expect(report.numbers.map((n) => [n.number, n.followUps, n.level, n.rule])).toEqual([
      [BUSY, { count: 2, next: at(5) }, "high", `2 follow-ups scheduled (next ${at(5).slice(0, 16)}Z)`],
      [QUIET, { count: 0, next: null }, "none", "no calls in 7 days, no live channels, no follow-ups"],
    ]);
    const later = await new OrganizationTraffic(client, { now: new Date(at(6)) }).impactOf([move(BUSY)]);
    expect(later.numbers[0]?.followUps).toEqual({ count: 1, next: at(30) });
  });

  it("an agent the platform does not have: follow-ups unknown, with a note", async () => {
    await emu.admin.setNumberAgent("acme", BUSY, "ghost-agent");
    const report = await new OrganizationTraffic(client, { now: NOW }).impactOf([move(BUSY)]);
    expect(report.numbers[0]).toMatchObject({ agent: "ghost-agent", followUps: null, level: "none" });
    expect(report.notes).toEqual([`follow-ups of ${BUSY} unknown: agent "ghost-agent" was not found`]);
  });

  it("a deleted bridge touches every number on it, each with its live channels, the bridge read once", async () => {
    await emu.admin.setLiveChannels("acme", QUIET, 3);
    await call(OLD, "inbound", "completed", 40);
    const report = await new OrganizationTraffic(client, { now: NOW }).impactOf([
      { kind: "bridge", slug: "support", change: "delete", resource: "urn:bridge" },
      { kind: "number", number: BUSY, change: "disconnect", fromBridge: "support" },
    ]);
    expect(
      report.numbers.map((n) => [n.number, n.change, n.fromBridge, n.resource, n.liveChannels, n.level]),
    ).toEqual([
      [QUIET, "bridge-delete", "support", "urn:bridge", 3, "high"],
      [OLD, "bridge-delete", "support", "urn:bridge", 0, "low"],
      [BUSY, "disconnect", "support", undefined, 0, "none"],
    ]);
    expect(await requestsTo("/telephony/bridges/support/")).toBe(1);
  });

  it("counts each number's calls of the window: in and out, failed with not connected, recent, last", async () => {
    await call(BUSY, "inbound", "completed", 2);
    await call(BUSY, "inbound", "notConnected", 5);
    await call(BUSY, "outbound", "failed", 30);
    await call(BUSY, "outbound", "completed", 50);
    await call(BUSY, "inbound", "completed", 24 * 8); // before the window
    const report = await new OrganizationTraffic(client, { now: NOW }).impactOf([move(BUSY)]);
    expect(report.numbers[0]?.calls).toEqual({
      total: 4,
      inbound: 2,
      outbound: 2,
      completed: 2,
      failed: 2,
      recent: 2,
      lastCallAt: ago(2),
    });
    expect(report).toMatchObject({ since: ago(24 * 7), windowDays: 7, recentHours: 24, capped: false });
  });

  it("a number with old calls only is low; a quiet one is none; the riskiest come first", async () => {
    await call(OLD, "inbound", "completed", 24 * 3);
    await call(OLD, "outbound", "completed", 24 * 2);
    await call(BUSY, "inbound", "completed", 1);
    const report = await new OrganizationTraffic(client, { now: NOW }).impactOf([
      move(QUIET),
      move(OLD),
      move(BUSY),
    ]);
    expect(report.numbers.map((n) => [n.number, n.level, n.rule])).toEqual([
      [BUSY, "high", "1 call in the last 24 h"],
      [OLD, "low", "2 calls in 7 days, none in the last 24 h"],
      [QUIET, "none", "no calls in 7 days, no live channels, follow-ups unknown"],
    ]);
    expect(report.notes).toEqual([
      `follow-ups of ${QUIET}, ${OLD}, ${BUSY} not looked up: the overview names no agent for them`,
    ]);
  });

  it("highCalls sets how many recent calls make a number high", async () => {
    await call(BUSY, "inbound", "completed", 1);
    await call(BUSY, "inbound", "completed", 3);
    const strict = await new OrganizationTraffic(client, { now: NOW, highCalls: 3 }).impactOf([move(BUSY)]);
    expect(strict.numbers[0]).toMatchObject({
      level: "low",
      rule: "2 calls in 7 days, 2 (fewer than 3) in the last 24 h",
    });
    const hours = await new OrganizationTraffic(client, { now: NOW, recentHours: 2 }).impactOf([move(BUSY)]);
    expect(hours.numbers[0]).toMatchObject({ level: "high", rule: "1 call in the last 2 h" });
  });

  it("reads each thing once: a second report makes no request", async () => {
    const traffic = new OrganizationTraffic(client, { now: NOW });
    const first = await traffic.impactOf([move(BUSY)]);
    const count = (await emu.admin.requests()).length;
    expect(first.requests).toBe(count);
    const second = await traffic.impactOf([
      move(QUIET),
      { kind: "bridge", slug: "support", change: "delete" },
    ]);
    expect(second.requests).toBe(count);
    expect(traffic.requests).toBe(count);
    expect((await emu.admin.requests()).length).toBe(count);
  });

  it("tells each number's bridge now from the overview that a report then reads no more", async () => {
    const traffic = new OrganizationTraffic(client, { now: NOW });
    const bridges = await traffic.bridgesNow();
    expect([BUSY, QUIET, "+14155550103"].map((n) => bridges.get(n))).toEqual(["support", "support", null]);
    await traffic.impactOf([move(BUSY)]);
    expect(await requestsTo("/telephony/overview/")).toBe(1);
  });

  it("names a touched bridge the platform lacks, and a number not in the overview", async () => {
    const report = await new OrganizationTraffic(client, { now: NOW }).impactOf([
      { kind: "bridge", slug: "gone", change: "delete" },
      move("+1 212 555 0100"),
    ]);
    expect(report.numbers).toMatchObject([{ number: "+12125550100", liveChannels: null, agent: null }]);
    expect(report.notes).toEqual([
      'bridge "gone" is not on the platform: no numbers to list for it',
      "+12125550100: not among the organization's numbers in the overview, so live channels, agent and follow-ups are unknown",
    ]);
  });

  it("a configuration's note names its numbers whose links change in the same plan", async () => {
    const id = configId;
    const report = await new OrganizationTraffic(client, { now: NOW }).impactOf([
      { kind: "configuration", id, accountSid: "AC00000000000000000000000000000001", change: "replace" },
      { kind: "number", number: BUSY, change: "disconnect", fromBridge: "support", configurationId: id },
    ]);
    expect(report.numbers.map((n) => n.number)).toEqual([BUSY]);
    expect(report.notes[0]).toMatch(
      new RegExp(
        `^provider configuration ${id} \\(account AC0+1\\) is replaced: .* \\(of its numbers: \\${BUSY}\\)$`,
      ),
    );
  });

  it("a report's JSON holds no token", async () => {
    await call(BUSY, "inbound", "completed", 1);
    const traffic = new OrganizationTraffic(client, { now: NOW });
    const report = await traffic.impactOf([
      move(BUSY),
      { kind: "configuration", id: 1, accountSid: "AC00000000000000000000000000000001", change: "delete" },
    ]);
    const json = JSON.stringify(report);
    expect(JSON.parse(json)).toEqual(report);
    expect(json).not.toContain(emu.token);
    expect(json).not.toContain(CONFIG_TOKEN);
    expect(formatNumberImpact(report.numbers[0]!, report)).not.toContain(emu.token);
  });
});
