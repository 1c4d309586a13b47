// Writes whose answer is lost (connection reset after the platform committed, 503 before it did) settle
// by the natural key: exactly one resource on the platform, and the create answers it.
import { beforeEach, describe, expect, it } from "vitest";
import { BRIDGE } from "../../../provider/resources/bridge/descriptor";
import { BRIDGE_NUMBER } from "../../../provider/resources/bridge-number-link/descriptor";
import { PROVIDER_CONFIGURATION } from "../../../provider/resources/provider-configuration/descriptor";
import { SIP_TRUNK } from "../../../provider/resources/sip-trunk/descriptor";
import { serve } from "../../../provider/runtime/serve";
import { useEmulator } from "../../fixtures/emulator";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { checked, configureRuntime } from "../../fixtures/provider";

const bridge = serve(BRIDGE);
const bridgeNumber = serve(BRIDGE_NUMBER);
const providerConfiguration = serve(PROVIDER_CONFIGURATION);
const sipTrunk = serve(SIP_TRUNK);

const emu = useEmulator();
beforeEach(() => configureRuntime(emu));

const acme = async () => {
  const s = await emu.admin.state();
  const mine = <T extends { organization: string }>(xs: T[]) => xs.filter((x) => x.organization === "acme");
  return {
    bridges: mine(s.bridges),
    configurations: mine(s.configurations),
    trunks: mine(s.trunks),
    links: s.links,
  };
};

const configuration = () =>
  checked(providerConfiguration, { provider: "twilio", accountSid: DEMO_ACCOUNT, authToken: "tok-1" });
const trunk = () =>
  checked(sipTrunk, {
    name: "edge",
    sipUrl: "sip.acme.example",
    transport: "tls",
    port: 5061,
    allowedIps: ["203.0.113.10"],
  });

const CREATES = [
  {
    type: "Bridge",
    path: "/telephony/bridges/",
    run: async () => bridge.create(await checked(bridge, { name: "Main", slug: "main" })),
    count: async () => (await acme()).bridges.length,
  },
  {
    type: "ProviderConfiguration",
    path: "/telephony/providers-configurations/",
    run: async () => providerConfiguration.create(await configuration()),
    count: async () => (await acme()).configurations.length,
  },
  {
    type: "SipTrunk",
    path: "/telephony/trunks/",
    run: async () => sipTrunk.create(await trunk()),
    count: async () => (await acme()).trunks.length,
  },
] as const;

describe.each(CREATES)("$type create", ({ path, run, count }) => {
  it("settles a create whose connection was reset after the commit: one resource, no orphan", async () => {
    await emu.admin.addFault({ kind: "reset-after", match: { method: "POST", path } });
    const created = await run();
    expect(created.id).toBeTruthy();
    expect(await count()).toBe(1);
    const posts = (await emu.admin.requests()).filter((r) => r.method === "POST" && r.path === path);
    expect(posts).toHaveLength(1);
  });

  it("sends a create refused with 503 again, making exactly one", async () => {
    await emu.admin.addFault({ kind: "status", status: 503, times: 2, match: { method: "POST", path } });
    await run();
    expect(await count()).toBe(1);
    const posts = (await emu.admin.requests()).filter((r) => r.method === "POST" && r.path === path);
    expect(posts.map((p) => p.status)).toEqual([503, 503, 201]);
  });

  it("fails after the capped attempts when every create meets a 503, leaving nothing", async () => {
    await emu.admin.addFault({ kind: "status", status: 503, times: 0, match: { method: "POST", path } });
    await expect(run()).rejects.toThrow(/503/);
    expect(await count()).toBe(0);
  });
});

describe("BridgeNumber create and delete", () => {
  const connectPath = "/telephony/bridges/main/connect-provider/";
  const disconnectPath = "/telephony/bridges/main/disconnect-provider/";
  const link = async () => {
    const config = await providerConfiguration.create(await configuration());
    await bridge.create(await checked(bridge, { name: "Main", slug: "main" }));
    return checked(bridgeNumber, {
      bridgeSlug: "main",
      providerConfigurationId: config.id,
      phoneNumber: "+14155550100",
    });
  };

  it("settles a connect whose answer was lost", async () => {
    const inputs = await link();
    await emu.admin.addFault({ kind: "reset-after", match: { method: "POST", path: connectPath } });
    const created = await bridgeNumber.create(inputs);
    expect(created.outs).toMatchObject({ bridgeSlug: "main", phoneNumber: "+14155550100" });
    expect((await acme()).links).toHaveLength(1);
  });

  it("settles a disconnect whose answer was lost", async () => {
    const created = await bridgeNumber.create(await link());
    await emu.admin.addFault({ kind: "reset-after", match: { method: "POST", path: disconnectPath } });
    await bridgeNumber.delete!(created.id, created.outs);
    expect((await acme()).links).toHaveLength(0);
  });

  it("sends a disconnect refused with 503 again", async () => {
    const created = await bridgeNumber.create(await link());
    await emu.admin.addFault({
      kind: "status",
      status: 503,
      times: 2,
      match: { method: "POST", path: disconnectPath },
    });
    await bridgeNumber.delete!(created.id, created.outs);
    expect((await acme()).links).toHaveLength(0);
  });
});
