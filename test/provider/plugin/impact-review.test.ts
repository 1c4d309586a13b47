// The native provider's impact warnings without the engine: the log is a recorder, the platform the
// emulator over HTTP. Off reads nothing; a failed read warns instead of failing; acknowledgements are
// named where the provider's settings live.
import { beforeEach, describe, expect, it } from "vitest";
import type { ImpactSettings } from "../../../provider/connection/config";
import { parseAcknowledgements } from "../../../provider/impact";
import type { EngineLog } from "../../../provider/plugin/engine-log";
import { DELETIONS_NOTE, ImpactReview } from "../../../provider/plugin/impact-review";
import type { VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor } from "../../fixtures/http";
import { linkNumber } from "../../fixtures/platform";
import { descriptorNamed } from "../../fixtures/provider";

const emu = useEmulator();
const BUSY = "+14155550100";
const URN = "urn:pulumi:prod::telephony::voice:index:BridgeNumber::busy";

/** A log that keeps what it is told. */
function recordingLog() {
  const said: { severity: "warning" | "info"; message: string; urn: string | undefined }[] = [];
  const log: EngineLog = {
    warn: async (message, urn) => void said.push({ severity: "warning", message, urn }),
    info: async (message, urn) => void said.push({ severity: "info", message, urn }),
  };
  return { log, said };
}

let client: VoiceClient;
let configurationId: number;
let reads: number;

/** A review over the emulator's acme, counting how often it asks for the client. */
function review(settings: ImpactSettings, owner = {}) {
  const { log, said } = recordingLog();
  const impact = new ImpactReview(log, async () => {
    reads += 1;
    return client;
  });
  impact.configure(settings, owner);
  return { impact, said };
}

/** The busy number's link moving from support to sales. */
const move = () => ({
  op: "update" as const,
  olds: { bridgeSlug: "support", providerConfigurationId: configurationId, phoneNumber: BUSY },
  news: { bridgeSlug: "sales", providerConfigurationId: configurationId, phoneNumber: BUSY },
});

beforeEach(async () => {
  client = clientFor(emu, { maxRetries: 0 });
  reads = 0;
  const config = await linkNumber(client, {
    slug: "support",
    bridgeName: "Support",
    phoneNumber: BUSY,
    authToken: "config-auth-token-never-shown",
  });
  configurationId = config.id;
  await client.bridges.create({ name: "Sales", slug: "sales" });
  await emu.admin.setLiveChannels("acme", BUSY, 1);
  await emu.admin.setNumberAgent("acme", BUSY, "support-agent");
  await emu.admin.clearRequests();
});

describe("ImpactReview", () => {
  it("off: reads nothing and says nothing", async () => {
    const { impact, said } = review({ impact: false });
    await impact.review(URN, descriptorNamed("BridgeNumber"), move());
    expect({ reads, said, requests: await emu.admin.requests() }).toEqual({
      reads: 0,
      said: [],
      requests: [],
    });
  });

  it("a change that touches no number (a bridge renamed) reads nothing", async () => {
    const { impact, said } = review({ impact: true });
    await impact.review(
      "urn:pulumi:prod::telephony::voice:index:Bridge::support",
      descriptorNamed("Bridge"),
      {
        op: "update",
        olds: { name: "Support", slug: "support" },
        news: { name: "Help", slug: "support" },
      },
    );
    expect(reads).toBe(0);
    expect(said).toEqual([{ severity: "info", message: DELETIONS_NOTE, urn: undefined }]);
  });

  it("says once per process that deletions are not covered, as information", async () => {
    const { impact, said } = review({ impact: true });
    impact.configure({ impact: true }, {});
    expect(said).toEqual([{ severity: "info", message: DELETIONS_NOTE, urn: undefined }]);
  });

  it("a failed read warns under the resource, naming what failed, and never throws", async () => {
    await emu.admin.addFault({ kind: "status", status: 503, match: { path: "/cdr/" }, times: 5 });
    const { impact, said } = review({ impact: true });
    await impact.review(URN, descriptorNamed("BridgeNumber"), move());
    const warnings = said.filter((s) => s.severity === "warning");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.urn).toBe(URN);
    expect(warnings[0]?.message).toMatch(/^impact on live calls not shown: .*\/cdr\/.*503/);
    expect(JSON.stringify(said)).not.toContain(emu.token);
  });

  it("names the explicit provider's property in the acknowledgement, and reads once per configuration", async () => {
    const owner = { provider: "globex" };
    const { impact, said } = review({ impact: true }, owner);
    await impact.review(URN, descriptorNamed("BridgeNumber"), move());
    const reasons = parseAcknowledgements([{ resource: "busy", reason: "CHG-42" }]);
    impact.configure({ impact: true, acknowledgeImpact: reasons }, owner);
    await impact.review(URN, descriptorNamed("BridgeNumber"), move());
    const warnings = said.filter((s) => s.severity === "warning").map((s) => s.message);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^\+14155550100 \(move support → sales\): HIGH — 1 live channel now; .* — not acknowledged: add \{resource: busy\} to acknowledgeImpact of provider "globex" to accept it$/,
      ),
      expect.stringMatching(/: HIGH — .* — acknowledged in acknowledgeImpact of provider "globex": CHG-42$/),
    ]);
    // A new configuration reads afresh: the overview twice, once per configuration.
    const overview = (await emu.admin.requests()).filter((r) => r.path === "/telephony/overview/");
    expect(overview).toHaveLength(2);
  });
});
