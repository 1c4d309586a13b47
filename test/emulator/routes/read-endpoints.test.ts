import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { ACME_TWILIO_SID, platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(async () => {
  call = platform(emu);
});

describe("GET /organizations/ (O1)", () => {
  it("lists exactly the organizations of the token, whatever Org-Handle says", async () => {
    const res = await call("GET", "/organizations/", { org: null });
    expect(res.json.data.map((o: { domain_handle: string }) => o.domain_handle)).toEqual(["acme", "globex"]);
    await emu.admin.seed({ tokens: [{ token: "initech-only", organizations: ["initech"] }] });
    const other = await call("GET", "/organizations/", { token: "initech-only", org: null });
    expect(other.json).toMatchObject({ count: 1, data: [{ id: 3, domain_handle: "initech" }] });
  });
});

describe("spaces (O3)", () => {
  it("lists the spaces of every organization of the token without Org-Handle", async () => {
    const res = await call("GET", "/spaces/", { org: null });
    expect(res.json.count).toBe(3);
    expect(res.json.data.map((s: { token: string }) => s.token)).toEqual([
      "sp-acme-support",
      "sp-acme-sales",
      "sp-globex-ops",
    ]);
  });

  it("scopes to Org-Handle and shows the spec fields", async () => {
    const res = await call("GET", "/spaces/", { org: "globex" });
    expect(res.json).toEqual({
      count: 1,
      status_code: 200,
      message: expect.any(String),
      data: [
        {
          id: "spc_globex_ops",
          name: "Operations",
          token: "sp-globex-ops",
          agent_handle: "ops-agent",
          created_at: "2024-01-01T00:00:00.000Z",
        },
      ],
    });
  });

  it("retrieves one space by token; unknown or out of scope is 404", async () => {
    const one = await call("GET", "/spaces/sp-acme-sales/");
    expect(one.json.data).toMatchObject({ id: "spc_acme_sales", name: "Sales", agent_handle: "sales-agent" });
    expect((await call("GET", "/spaces/nope/")).status).toBe(404);
    expect((await call("GET", "/spaces/sp-globex-ops/", { org: "acme" })).status).toBe(404);
    expect((await call("GET", "/spaces/sp-globex-ops/", { org: null })).status).toBe(200);
  });

  it("checks a given Org-Handle: 403 and 404", async () => {
    expect((await call("GET", "/spaces/", { org: "initech" })).status).toBe(403);
    expect((await call("GET", "/spaces/", { org: "nobody" })).status).toBe(404);
  });
});

describe("GET /agents/ (O3)", () => {
  it("lists the organization's agents with the spec fields", async () => {
    const res = await call("GET", "/agents/");
    expect(res.json.count).toBe(3);
    expect(res.json.data[0]).toEqual({
      handle: "support-agent",
      name: "Support Agent",
      type: "Voice",
      state: "published",
      purpose: expect.any(String),
    });
    expect(res.json.data.find((a: { handle: string }) => a.handle === "draft-agent").state).toBe("draft");
  });

  it("lists every organization's agents without Org-Handle", async () => {
    const res = await call("GET", "/agents/", { org: null });
    expect(res.json.data.map((a: { handle: string }) => a.handle)).toContain("ops-agent");
    expect(res.json.count).toBe(4);
  });
});

describe("GET /telephony/providers/", () => {
  it("lists the catalogue", async () => {
    const res = await call("GET", "/telephony/providers/");
    expect(res.json.data).toEqual([
      { id: 1, name: "Twilio", slug: "twilio" },
      { id: 2, name: "Plivo", slug: "plivo" },
      { id: 3, name: "Telnyx", slug: "telnyx" },
      { id: 4, name: "Vonage", slug: "vonage" },
      { id: 5, name: "Exotel", slug: "exotel" },
    ]);
    expect(res.json.count).toBe(5);
  });
});

describe("GET /telephony/numbers/ (O6, N2)", () => {
  it("without Org-Handle answers the pool only", async () => {
    const res = await call("GET", "/telephony/numbers/", { org: null });
    expect(res.json.count).toBe(5);
    for (const n of res.json.data) {
      expect(n).toEqual({
        id: expect.any(Number),
        number: expect.stringMatching(/^\+1800555010\d$/),
        state: "NOT_ASSIGNED",
        active: false,
      });
    }
  });

  it("with Org-Handle answers own numbers in any state plus the pool", async () => {
    const res = await call("GET", "/telephony/numbers/", { org: "acme" });
    expect(res.json.count).toBe(20);
    const numbers = res.json.data.map((n: { number: string }) => n.number);
    expect(numbers).toContain("+14155550100");
    expect(numbers).toContain("+442079460004");
    expect(numbers).toContain("+18005550100");
    expect(numbers).not.toContain("+12125550100");
    const ids = res.json.data.map((n: { id: number }) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("shows ASSIGNED while a number is linked", async () => {
    const cfg = await call("POST", "/telephony/providers-configurations/", {
      body: { provider: "twilio", account_sid: ACME_TWILIO_SID, auth_token: "secret" },
    });
    await call("POST", "/telephony/bridges/", { body: { name: "B", slug: "b" } });
    await call("POST", "/telephony/bridges/b/connect-provider/", {
      body: { provider_config_id: cfg.json.data.id, phone_number: "+14155550103" },
    });
    const res = await call("GET", "/telephony/numbers/");
    const linked = res.json.data.find((n: { number: string }) => n.number === "+14155550103");
    expect(linked).toMatchObject({ state: "ASSIGNED", active: true });
    const other = res.json.data.find((n: { number: string }) => n.number === "+14155550104");
    expect(other).toMatchObject({ state: "NOT_ASSIGNED", active: true });
  });

  it("a forbidden or unknown Org-Handle is 403 / 404", async () => {
    expect((await call("GET", "/telephony/numbers/", { org: "initech" })).status).toBe(403);
    expect((await call("GET", "/telephony/numbers/", { org: "nobody" })).status).toBe(404);
  });
});

describe("GET /telephony/overview/ (O5, B10)", () => {
  const headers = { "product-id": "voice-ai" };

  it.each([
    ["missing", null],
    ["unknown", "nobody"],
    ["forbidden", "initech"],
  ])("answers 206 {message} when Org-Handle is %s", async (_label, org) => {
    const res = await call("GET", "/telephony/overview/", { org, headers });
    expect(res.status).toBe(206);
    expect(res.json).toEqual({ message: expect.any(String) });
    expect(res.headers["x-ratelimit-limit"]).toBeDefined();
  });

  it("has one row per own number, LINKED with the bridge slug once linked", async () => {
    const before = await call("GET", "/telephony/overview/", { org: "globex", headers });
    expect(before.status).toBe(200);
    expect(before.json.count).toBe(5);
    expect(before.json.data[0]).toEqual({
      number_id: expect.any(Number),
      number: "+12125550100",
      bridge_slug: null,
      connection_state: "UNLINKED",
      termination_kind: "sip",
      agent_id: null,
      sync_state: "synced",
      sync_detail: null,
    });
    const cfg = await call("POST", "/telephony/providers-configurations/", {
      org: "globex",
      body: { provider: "twilio", account_sid: "AC00000000000000000000000000000002", auth_token: "t" },
    });
    await call("POST", "/telephony/bridges/", { org: "globex", body: { name: "Ops", slug: "ops" } });
    await call("POST", "/telephony/bridges/ops/connect-provider/", {
      org: "globex",
      body: { provider_config_id: cfg.json.data.id, phone_number: "+12125550100" },
    });
    const after = await call("GET", "/telephony/overview/", { org: "globex", headers });
    expect(after.json.data[0]).toMatchObject({ bridge_slug: "ops", connection_state: "LINKED" });
    expect(after.json.data[1]).toMatchObject({ bridge_slug: null, connection_state: "UNLINKED" });
  });

  it("accepts any Product-ID, and none", async () => {
    expect((await call("GET", "/telephony/overview/", { headers: { "product-id": "other" } })).status).toBe(
      200,
    );
    expect((await call("GET", "/telephony/overview/")).status).toBe(200);
  });
});
