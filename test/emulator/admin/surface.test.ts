import { request } from "undici";
import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { ACME_TWILIO_SID, platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(async () => {
  call = platform(emu);
});

async function linkedBridge(slug = "main", phone = "+14155550100"): Promise<number> {
  const cfg = await call("POST", "/telephony/providers-configurations/", {
    body: { provider: "twilio", account_sid: ACME_TWILIO_SID, auth_token: "tok" },
  });
  await call("POST", "/telephony/bridges/", { body: { name: "Main", slug } });
  await call("POST", `/telephony/bridges/${slug}/connect-provider/`, {
    body: { provider_config_id: cfg.json.data.id, phone_number: phone },
  });
  return cfg.json.data.id;
}

describe("state, reset and seed", () => {
  it("state shows the seeded demo data, secrets included", async () => {
    await linkedBridge();
    const state = await emu.admin.state();
    expect(state.organizations.map((o) => o.domain_handle)).toEqual(["acme", "globex", "initech"]);
    expect(state.tokens).toEqual([{ token: emu.token, organizations: ["acme", "globex"] }]);
    expect(state.numbers).toHaveLength(25);
    expect(state.numbers.filter((n) => n.organization === null).map((n) => n.id)).toEqual([
      21, 22, 23, 24, 25,
    ]);
    expect(state.configurations[0]?.auth_token).toBe("tok");
    expect(state.links).toHaveLength(1);
  });

  it("reset goes back to the seed and clears faults and the request log", async () => {
    await linkedBridge();
    await emu.admin.addFault({ kind: "status", times: 0, match: { path: "/nothing-matches" } });
    await emu.admin.reset();
    const state = await emu.admin.state();
    expect(state.bridges).toEqual([]);
    expect(state.configurations).toEqual([]);
    expect(state.nextIds.bridges).toBe(1);
    expect(await emu.admin.requests()).toEqual([]);
    const faults = (await (await request(`${emu.url}/_emulator/faults`)).body.json()) as {
      faults: unknown[];
    };
    expect(faults.faults).toEqual([]);
  });

  it("seed adds organizations, tokens, accounts, pool numbers, spaces and agents", async () => {
    await emu.admin.seed({
      organizations: [{ domain_handle: "hooli", name: "Hooli" }],
      tokens: [
        { token: "hooli-token", organizations: ["hooli"] },
        { token: emu.token, organizations: ["hooli"] },
      ],
      providerAccounts: [
        { organization: "hooli", provider: "telnyx", account_sid: "TX1", numbers: ["+33 1 23 45 67 89"] },
        { organization: "acme", provider: "twilio", account_sid: ACME_TWILIO_SID, numbers: ["+14155550199"] },
      ],
      poolNumbers: ["+18005550199"],
      spaces: [{ organization: "hooli", id: "spc_h", name: "H", token: "sp-h", agent_handle: "h-agent" }],
      agents: [
        {
          organization: "hooli",
          handle: "h-agent",
          name: "H Agent",
          type: "Voice",
          state: "published",
          purpose: "p",
        },
      ],
    });
    const orgs = await call("GET", "/organizations/", { token: "hooli-token", org: null });
    expect(orgs.json.data).toEqual([
      { id: 4, name: "Hooli", domain_handle: "hooli", created_at: expect.any(String) },
    ]);
    expect((await call("GET", "/organizations/")).json.count).toBe(3);
    const numbers = await call("GET", "/telephony/numbers/", { org: "hooli" });
    expect(numbers.json.data.map((n: { number: string }) => n.number)).toContain("+33123456789");
    expect(numbers.json.data.map((n: { number: string }) => n.number)).toContain("+18005550199");
    expect((await call("GET", "/spaces/sp-h/", { org: "hooli" })).json.data.agent_handle).toBe("h-agent");
    expect((await call("GET", "/agents/", { org: "hooli" })).json.data[0].handle).toBe("h-agent");
    // the added number belongs to the existing acme account and can be linked through it
    await linkedBridge("extra", "+14155550199");
    expect((await call("GET", "/telephony/bridges/extra/")).json.data.numbers).toHaveLength(1);
  });

  it("a seed with a dangling reference is 400 naming the field and writes nothing", async () => {
    const before = await emu.admin.state();
    await expect(
      emu.admin.seed({
        organizations: [{ domain_handle: "new-org", name: "New" }],
        tokens: [{ token: "t2", organizations: ["new-org", "ghost"] }],
      }),
    ).rejects.toMatchObject({
      status: 400,
      body: { error: { fields: { "tokens.0.organizations.1": expect.any(String) } } },
    });
    await expect(
      emu.admin.seed({
        providerAccounts: [
          { organization: "acme", provider: "twilio", account_sid: "X", numbers: ["+12125550100"] },
        ],
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(emu.admin.seed({ poolNumbers: ["not-a-number"] })).rejects.toMatchObject({
      status: 400,
      body: { error: { fields: { "poolNumbers.0": expect.any(String) } } },
    });
    expect(await emu.admin.state()).toEqual(before);
  });

  it("setRateLimit validates its body", async () => {
    await expect(emu.admin.setRateLimit(-1)).rejects.toMatchObject({ status: 400 });
    const res = await request(`${emu.url}/_emulator/rate-limit`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ limit: 10, windowMs: 1000 }),
    });
    expect(await res.body.json()).toEqual({ limit: 10, windowMs: 1000 });
  });
});

describe("request log", () => {
  it("records every platform request in order, without query or prefix, admin calls excluded", async () => {
    await call("GET", "/organizations/?page=1", { org: null });
    await call("POST", "/telephony/bridges/", { body: { name: "A", slug: "a" } });
    await call("GET", "/nowhere/");
    await call("GET", "/organizations/", { token: null });
    await emu.admin.state();
    const log = await emu.admin.requests();
    expect(log.map(({ method, path, status, orgHandle }) => ({ method, path, status, orgHandle }))).toEqual([
      { method: "GET", path: "/organizations/", status: 200, orgHandle: null },
      { method: "POST", path: "/telephony/bridges/", status: 201, orgHandle: "acme" },
      { method: "GET", path: "/nowhere/", status: 404, orgHandle: "acme" },
      { method: "GET", path: "/organizations/", status: 401, orgHandle: "acme" },
    ]);
    for (const entry of log) expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
    await emu.admin.clearRequests();
    expect(await emu.admin.requests()).toEqual([]);
  });

  it("records arrival to the sub-millisecond and the phone number a link write names", async () => {
    await linkedBridge("main", "+14155550100");
    await call("POST", "/telephony/bridges/main/disconnect-provider/", {
      body: { phone_number: "+14155550100" },
    });
    await call("POST", "/telephony/bridges/main/disconnect-provider/", { body: { phone_number: 42 } });
    const log = await emu.admin.requests();
    expect(log.map((e) => [e.path, e.phoneNumber])).toEqual([
      ["/telephony/providers-configurations/", undefined],
      ["/telephony/bridges/", undefined],
      ["/telephony/bridges/main/connect-provider/", "+14155550100"],
      ["/telephony/bridges/main/disconnect-provider/", "+14155550100"],
      ["/telephony/bridges/main/disconnect-provider/", undefined],
    ]);
    for (const [i, entry] of log.entries()) {
      // `at` is `atMs` rounded down to the millisecond; arrivals are in order.
      expect(Date.parse(entry.at)).toBe(Math.floor(entry.atMs));
      if (i > 0) expect(entry.atMs).toBeGreaterThan(log[i - 1]!.atMs);
    }
    expect(log.some((e) => !Number.isInteger(e.atMs))).toBe(true);
  });
});

describe("out-of-band changes (drift)", () => {
  it("renameBridge renames and answers the list view", async () => {
    await call("POST", "/telephony/bridges/", { body: { name: "Main", slug: "main" } });
    const bridge = await emu.admin.renameBridge("acme", "main", "Dashboard name");
    expect(bridge).toMatchObject({ slug: "main", name: "Dashboard name", numbers: [] });
    expect((await call("GET", "/telephony/bridges/main/")).json.data.name).toBe("Dashboard name");
    await expect(emu.admin.renameBridge("acme", "main", "")).rejects.toMatchObject({ status: 400 });
  });

  it("deleteBridge deletes a bridge with numbers, unlinking them", async () => {
    await linkedBridge();
    await emu.admin.deleteBridge("acme", "main");
    expect((await call("GET", "/telephony/bridges/main/")).status).toBe(404);
    expect((await emu.admin.state()).links).toEqual([]);
    await expect(emu.admin.deleteBridge("acme", "main")).rejects.toMatchObject({ status: 404 });
  });

  it("disconnectNumber unlinks; a number not on the bridge is 404", async () => {
    await linkedBridge();
    const bridge = await emu.admin.disconnectNumber("acme", "main", "+14155550100");
    expect(bridge.numbers).toEqual([]);
    await expect(emu.admin.disconnectNumber("acme", "main", "+14155550100")).rejects.toMatchObject({
      status: 404,
    });
  });

  it("patchConfiguration changes the account and token; deleteConfiguration unlinks its numbers", async () => {
    const id = await linkedBridge();
    const cfg = await emu.admin.patchConfiguration("acme", id, {
      account_sid: "ACchanged",
      auth_token: "rotated",
    });
    expect(cfg).toEqual({ id, provider: "twilio", account_sid: "ACchanged", created_at: expect.any(String) });
    expect((await emu.admin.state()).configurations[0]?.auth_token).toBe("rotated");
    await emu.admin.deleteConfiguration("acme", id);
    expect((await call("GET", `/telephony/providers-configurations/${id}/`)).status).toBe(404);
    expect((await call("GET", "/telephony/bridges/main/")).json.data.numbers).toEqual([]);
  });

  it("patchTrunk can change active and fields; deleteTrunk removes it", async () => {
    const created = await call("POST", "/telephony/trunks/", {
      body: { name: "T", sip_url: "pbx.example.com" },
    });
    const id = created.json.data.id;
    const trunk = await emu.admin.patchTrunk("acme", id, { active: false, port: "5070", auth_password: "x" });
    expect(trunk).toMatchObject({ active: false, port: "5070", auth_password: "********" });
    expect((await call("GET", `/telephony/trunks/${id}/`)).json.data).toMatchObject({
      active: false,
      port: "5070",
    });
    await expect(emu.admin.patchTrunk("acme", id, { port: "x" })).rejects.toMatchObject({
      status: 400,
      body: { error: { fields: { port: expect.any(String) } } },
    });
    await emu.admin.deleteTrunk("acme", id);
    expect((await call("GET", `/telephony/trunks/${id}/`)).status).toBe(404);
  });

  it("404s name what was not found", async () => {
    await expect(emu.admin.renameBridge("nobody", "x", "n")).rejects.toMatchObject({
      status: 404,
      body: { error: { message: expect.stringContaining("nobody") } },
    });
    await expect(emu.admin.deleteTrunk("acme", 77)).rejects.toMatchObject({
      status: 404,
      body: { error: { message: expect.stringContaining("77") } },
    });
    // other organizations' records are not reachable through the wrong handle
    const created = await call("POST", "/telephony/trunks/", {
      org: "globex",
      body: { name: "G", sip_url: "g.example" },
    });
    await expect(emu.admin.deleteTrunk("acme", created.json.data.id)).rejects.toMatchObject({ status: 404 });
    const unknown = await request(`${emu.url}/_emulator/whatever`);
    expect(unknown.statusCode).toBe(404);
    expect(((await unknown.body.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});
