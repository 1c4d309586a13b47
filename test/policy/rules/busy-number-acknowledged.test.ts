// The busy-number rule over a goal list it is handed and an emulator over HTTP: what moves, what the
// platform says of each moved number's calls, the acknowledgements, and what it does without settings.
import { beforeEach, describe, expect, it } from "vitest";
import { busyNumberFindings, type StackSettings } from "../../../policy/rules/busy-number-acknowledged";
import { NOT_YET_KNOWN, type Value, type VoiceResource } from "../../../policy/voice-resource";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor } from "../../fixtures/http";
import { linkNumber } from "../../fixtures/platform";
import { resource } from "../../fixtures/policy-resource";

const emu = useEmulator();
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const BUSY = "+14155550100";
const QUIET = "+14155550101";
const CONFIG_TOKEN = "config-auth-token-never-shown";

const line = (name: string, phoneNumber: string, bridgeSlug = "sales") =>
  resource("BridgeNumber", { phoneNumber, bridgeSlug }, { name });

/** The stack `prod` whose `voice:*` config points at the emulator, with `extra` keys. */
function stack(extra: Record<string, string> = {}): StackSettings {
  const config: Record<string, string> = {
    "voice:baseUrl": emu.url,
    "voice:token": emu.token,
    "voice:orgHandle": emu.orgHandle,
    "voice:retryBaseDelayMs": "2",
    ...extra,
  };
  return { stack: "prod", config: (key) => config[key] };
}

/** A completed inbound call of `number`, `hours` ago. */
const call = (number: string, hours: number) =>
  emu.admin.addCdr("acme", {
    source_number: "+12065550142",
    destination_number: number,
    call_type: "inbound",
    call_status: "completed",
    creation_time: ago(hours + 0.01),
    start_time: ago(hours),
    end_time: ago(hours - 0.01),
    call_duration: 36,
    end_reason: "call.completed.caller_hangup",
  });

beforeEach(async () => {
  const client = clientFor(emu);
  const config = await linkNumber(client, {
    slug: "support",
    bridgeName: "Support",
    phoneNumber: BUSY,
    authToken: CONFIG_TOKEN,
  });
  await client.bridges.connectProvider("support", { provider_config_id: config.id, phone_number: QUIET });
  await client.bridges.create({ name: "Sales", slug: "sales" });
  await call(BUSY, 0.5);
  await emu.admin.setLiveChannels("acme", BUSY, 2);
  await emu.admin.clearRequests();
});

describe("busyNumberFindings", () => {
  it("fails the move of a busy number, naming it, what makes it busy and how to acknowledge it; a quiet one passes", async () => {
    const busy = line("busy-line", BUSY);
    const findings = await busyNumberFindings([busy, line("quiet-line", QUIET)], {}, stack());
    expect(findings).toEqual([
      {
        advisory: false,
        urn: busy.urn,
        message: expect.stringMatching(
          new RegExp(
            `^BridgeNumber 'busy-line': \\${BUSY} \\(move support → sales\\): HIGH — 2 live channels now; ` +
              "1 call in 7 days \\(1 in, 0 out\\), last [^;]+; no agent; follow-ups unknown\\. " +
              "To move it anyway, acknowledge the resource: add \\{resource: busy-line, reason: <why>\\} " +
              "to voice:acknowledgeImpact in Pulumi\\.prod\\.yaml$",
          ),
        ),
      },
    ]);
    expect(JSON.stringify(findings)).not.toContain(emu.token);
  });

  it("reads the organization once for all its links: the guard, the overview, the calls, the bridge", async () => {
    await busyNumberFindings(
      [line("busy-line", BUSY), line("quiet-line", QUIET), line("stays", "+14155550102", "support")],
      {},
      stack(),
    );
    const paths = (await emu.admin.requests()).map((r) => r.path).sort();
    expect(paths).toEqual([
      "/cdr/",
      "/organizations/",
      "/telephony/bridges/support/",
      "/telephony/overview/",
    ]);
  });

  it("lets an acknowledged move through as advisory, with the reason; a BridgeNumbers set is one resource", async () => {
    const set = resource(
      "BridgeNumbers",
      { bridgeSlug: "sales", numbers: [{ phoneNumber: BUSY }, { phoneNumber: QUIET }] },
      { name: "sales-numbers" },
    );
    const acknowledged = stack({
      "voice:acknowledgeImpact": JSON.stringify([
        { resource: "sales-numbers", reason: "support moves to sales" },
      ]),
    });
    const findings = await busyNumberFindings([set], {}, acknowledged);
    expect(findings).toEqual([
      {
        advisory: true,
        urn: set.urn,
        message: expect.stringMatching(
          /^BridgeNumbers 'sales-numbers': \+14155550100 \(move support → sales\): HIGH — .*; acknowledged in voice:acknowledgeImpact \("support moves to sales"\)$/,
        ),
      },
    ]);
  });

  it("judges busy by the config's thresholds: calls older than recentHours do not count", async () => {
    await emu.admin.setLiveChannels("acme", BUSY, 0);
    const goal = [line("busy-line", BUSY)];
    expect(await busyNumberFindings(goal, { recentHours: 0.25 }, stack())).toEqual([]);
    expect(await busyNumberFindings(goal, { highCalls: 2 }, stack())).toEqual([]);
    expect(await busyNumberFindings(goal, { windowDays: 1 }, stack())).toHaveLength(1);
  });

  it("refuses a threshold of 0 or less naming it, before any request", async () => {
    await expect(busyNumberFindings([line("busy-line", BUSY)], { recentHours: 0 }, stack())).rejects.toThrow(
      "impact option recentHours: must be greater than 0 (got 0)",
    );
    await expect(busyNumberFindings([], { highCalls: -1 }, stack())).rejects.toThrow(
      "impact option highCalls:",
    );
    await expect(busyNumberFindings([], { windowDays: -2 }, stack())).rejects.toThrow(
      "impact option windowDays:",
    );
    expect(await emu.admin.requests()).toEqual([]);
  });

  it("without a token or base URL, says once that impact could not be checked and why, and throws nothing", async () => {
    const nothing: StackSettings = { stack: "prod", config: () => undefined };
    const findings = await busyNumberFindings(
      [line("busy-line", BUSY), line("quiet-line", QUIET)],
      {},
      nothing,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ advisory: true });
    expect(findings[0]?.message).toMatch(
      /^impact could not be checked for BridgeNumber 'busy-line', BridgeNumber 'quiet-line': Voice platform configuration is incomplete:/,
    );
    expect(findings[0]?.message).toContain("voice:token is not set");
    expect(findings[0]?.message).toContain("voice:baseUrl is not set");
    expect(await emu.admin.requests()).toEqual([]);
  });

  it("reads nothing for a goal without links", async () => {
    const bridge: VoiceResource = resource("Bridge", { slug: "sales" });
    expect(await busyNumberFindings([bridge], {}, { stack: "prod", config: () => undefined })).toEqual([]);
    expect(await emu.admin.requests()).toEqual([]);
  });

  it("reports a bad acknowledgement list, acknowledging nothing and reading nothing", async () => {
    const findings = await busyNumberFindings(
      [line("busy-line", BUSY)],
      {},
      stack({ "voice:acknowledgeImpact": JSON.stringify([{ reason: "no resource" }]) }),
    );
    expect(findings).toEqual([
      {
        advisory: false,
        message:
          "voice:acknowledgeImpact[0].resource: must name the resource whose impact is acknowledged " +
          "(its name in the program); nothing is acknowledged until it is fixed",
      },
      // The connection's settings hold the list too, so the platform is not read until it is fixed.
      expect.objectContaining({
        advisory: true,
        message: expect.stringMatching(
          /^impact could not be checked for BridgeNumber 'busy-line': .*voice:acknowledgeImpact/s,
        ),
      }),
    ]);
  });

  it("an explicit provider's settings reach the platform; settings unknown until apply are said, not read", async () => {
    const props: Record<string, Value> = { baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle };
    const native = { ...line("busy-line", BUSY), provider: { name: "acme", props } };
    const later: Record<string, Value> = { ...props, token: NOT_YET_KNOWN };
    const computed = { ...line("quiet-line", QUIET), provider: { name: "later", props: later } };
    const findings = await busyNumberFindings(
      [native, computed],
      {},
      { stack: "prod", config: () => undefined },
    );
    expect(findings).toEqual([
      {
        advisory: true,
        urn: computed.urn,
        message:
          "BridgeNumber 'quiet-line': not checked for a move of a busy number: provider 'later' token not known until apply",
      },
      expect.objectContaining({
        advisory: false,
        message: expect.stringMatching(/^BridgeNumber 'busy-line': \+14155550100 \(move/),
      }),
    ]);
  });
});
