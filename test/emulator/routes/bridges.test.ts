import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { ACME_PLIVO_SID, ACME_TWILIO_SID, GLOBEX_TWILIO_SID, platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(async () => {
  call = platform(emu);
});

const BRIDGES = "/telephony/bridges/";
async function configure(provider: string, account_sid: string, org = "acme"): Promise<number> {
  const res = await call("POST", "/telephony/providers-configurations/", {
    org,
    body: { provider, account_sid, auth_token: "t" },
  });
  expect(res.status).toBe(201);
  return res.json.data.id;
}
const bridge = (slug: string, name = slug.toUpperCase(), org = "acme") =>
  call("POST", BRIDGES, { org, body: { name, slug } });
const connect = (slug: string, provider_config_id: unknown, phone_number: unknown, org = "acme") =>
  call("POST", `${BRIDGES}${slug}/connect-provider/`, { org, body: { provider_config_id, phone_number } });
const disconnect = (slug: string, phone_number: unknown) =>
  call("POST", `${BRIDGES}${slug}/disconnect-provider/`, { body: { phone_number } });

describe("bridge CRUD", () => {
  it("creates with 201 {id, name, slug, created_at} and trims the name (B2, B11)", async () => {
    const res = await bridge("main-line", "  Main line  ");
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      status_code: 201,
      message: expect.any(String),
      data: { id: 1, name: "Main line", slug: "main-line", created_at: expect.any(String) },
    });
    expect(Number.isNaN(Date.parse(res.json.data.created_at))).toBe(false);
  });

  it("lists with count in id order in the list view (B4)", async () => {
    await bridge("b-one");
    await bridge("a-two");
    const res = await call("GET", BRIDGES);
    expect(res.json.count).toBe(2);
    expect(res.json.data).toEqual([
      { id: 1, name: "B-ONE", slug: "b-one", provider: null, created_at: expect.any(String), numbers: [] },
      { id: 2, name: "A-TWO", slug: "a-two", provider: null, created_at: expect.any(String), numbers: [] },
    ]);
  });

  it("retrieves the detail view (B5) and 404s an unknown slug", async () => {
    await bridge("main");
    const res = await call("GET", `${BRIDGES}main/`);
    expect(res.json.data).toEqual({
      id: 1,
      name: "MAIN",
      slug: "main",
      provider: null,
      created_at: expect.any(String),
      numbers: [],
    });
    const missing = await call("GET", `${BRIDGES}nope/`);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: { code: "not_found", message: expect.stringContaining("nope") } });
  });

  it("PATCH renames, ignores slug (B3) and answers the list view (B6)", async () => {
    await bridge("main");
    const res = await call("PATCH", `${BRIDGES}main/`, { body: { name: "Renamed", slug: "other" } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      id: 1,
      name: "Renamed",
      slug: "main",
      provider: null,
      numbers: [],
    });
    expect((await call("GET", `${BRIDGES}main/`)).json.data.name).toBe("Renamed");
    expect((await call("GET", `${BRIDGES}other/`)).status).toBe(404);
    expect((await call("PATCH", `${BRIDGES}nope/`, { body: { name: "x" } })).status).toBe(404);
  });

  it("an empty PATCH changes nothing", async () => {
    await bridge("main");
    const res = await call("PATCH", `${BRIDGES}main/`, { body: {} });
    expect(res.status).toBe(200);
    expect(res.json.data.name).toBe("MAIN");
  });

  it("a second bridge with a slug is 400 already_exists (B1)", async () => {
    await bridge("main");
    const res = await bridge("main", "Other");
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: "already_exists", fields: { slug: expect.any(String) } });
    expect((await emu.admin.state()).bridges).toHaveLength(1);
  });

  it.each(["Main", "-main", "main-", "ma_in", "a".repeat(65), "", "ma in"])(
    "rejects slug %j (B1)",
    async (slug) => {
      const res = await bridge(slug, "Name");
      expect(res.status).toBe(400);
      expect(Object.keys(res.json.error.fields)).toEqual(["slug"]);
    },
  );

  it.each(["a", "a1", "a-b-c", "a".repeat(64), "0"])("accepts slug %j (B1)", async (slug) => {
    expect((await bridge(slug, "Name")).status).toBe(201);
  });

  it.each([["   "], [""], ["x".repeat(256)], [42], [null]])("rejects name %j (B2)", async (name) => {
    const res = await call("POST", BRIDGES, { body: { name, slug: "ok" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.error.fields)).toEqual(["name"]);
  });

  it("deletes an empty bridge with 204; deleting again is 404", async () => {
    await bridge("main");
    expect((await call("DELETE", `${BRIDGES}main/`)).status).toBe(204);
    expect((await call("GET", BRIDGES)).json.count).toBe(0);
    expect((await call("DELETE", `${BRIDGES}main/`)).status).toBe(404);
  });
});

describe("connect and disconnect (B7, B8, B9)", () => {
  it("links a number, normalizing separators (N3), and shows it in every view", async () => {
    const cfg = await configure("twilio", ACME_TWILIO_SID);
    await bridge("main");
    const res = await connect("main", cfg, "+1 (415) 555-0101");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status_code: 200,
      message: expect.any(String),
      data: { message: expect.any(String), bridge_slug: "main", phone_number: "+14155550101" },
    });
    const detail = (await call("GET", `${BRIDGES}main/`)).json.data;
    expect(detail.provider).toBe("twilio");
    expect(detail.numbers).toEqual([
      {
        id: 1,
        number_id: 2,
        number: "+14155550101",
        state: "ASSIGNED",
        active: true,
        channels_count: 0,
        status: "connected",
      },
    ]);
    const listed = (await call("GET", BRIDGES)).json.data[0];
    expect(listed.numbers).toEqual([{ id: 1, number: "+14155550101", status: "connected" }]);
    const patched = (await call("PATCH", `${BRIDGES}main/`, { body: { name: "x" } })).json.data;
    expect(patched.numbers).toEqual([{ id: 1, number: "+14155550101", status: "connected" }]);
  });

  it("provider is that of the first linked number's configuration (B4)", async () => {
    const plivo = await configure("plivo", ACME_PLIVO_SID);
    const twilio = await configure("twilio", ACME_TWILIO_SID);
    await bridge("mixed");
    await connect("mixed", plivo, "+442079460000");
    await connect("mixed", twilio, "+14155550100");
    expect((await call("GET", `${BRIDGES}mixed/`)).json.data.provider).toBe("plivo");
    await disconnect("mixed", "+442079460000");
    expect((await call("GET", `${BRIDGES}mixed/`)).json.data.provider).toBe("twilio");
  });

  it("another organization's configuration is 400 invalid_provider_config", async () => {
    const globexCfg = await configure("twilio", GLOBEX_TWILIO_SID, "globex");
    await bridge("main");
    for (const id of [globexCfg, 999]) {
      const res = await connect("main", id, "+14155550100");
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({
        code: "invalid_provider_config",
        fields: { provider_config_id: expect.any(String) },
      });
    }
  });

  it("a number outside the configuration's account is 400 number_not_in_account", async () => {
    const cfg = await configure("twilio", ACME_TWILIO_SID);
    await bridge("main");
    for (const phone of ["+442079460000", "+12125550100", "+18005550100", "+19999999999"]) {
      const res = await connect("main", cfg, phone);
      expect(res.status, phone).toBe(400);
      expect(res.json.error.code).toBe("number_not_in_account");
    }
  });

  it("a configuration of an unknown account sid reaches no number", async () => {
    const cfg = await configure("twilio", "ACunknown");
    await bridge("main");
    expect((await connect("main", cfg, "+14155550100")).json.error.code).toBe("number_not_in_account");
  });

  it("a number sits on one bridge at a time: 400 number_already_linked", async () => {
    const cfg = await configure("twilio", ACME_TWILIO_SID);
    await bridge("one");
    await bridge("two");
    expect((await connect("one", cfg, "+14155550100")).status).toBe(200);
    for (const slug of ["one", "two"]) {
      const res = await connect(slug, cfg, "+14155550100");
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("number_already_linked");
    }
    expect((await emu.admin.state()).links).toHaveLength(1);
  });

  it("validates the connect body, naming fields", async () => {
    await bridge("main");
    const res = await connect("main", "1", "0044 20");
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.error.fields).sort()).toEqual(["phone_number", "provider_config_id"]);
    const missing = await call("POST", `${BRIDGES}main/connect-provider/`, { body: {} });
    expect(missing.json.error.fields).toEqual({
      provider_config_id: "is required",
      phone_number: "is required",
    });
  });

  it("connect to an unknown bridge is 404", async () => {
    const cfg = await configure("twilio", ACME_TWILIO_SID);
    expect((await connect("ghost", cfg, "+14155550100")).status).toBe(404);
  });

  it("disconnect unlinks; the number stays with the organization (B8)", async () => {
    const cfg = await configure("twilio", ACME_TWILIO_SID);
    await bridge("main");
    await connect("main", cfg, "+14155550100");
    const res = await disconnect("main", "+1-415-555-0100");
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ message: expect.any(String), bridge_slug: "main" });
    expect((await call("GET", `${BRIDGES}main/`)).json.data.numbers).toEqual([]);
    const number = (await call("GET", "/telephony/numbers/")).json.data.find(
      (n: { number: string }) => n.number === "+14155550100",
    );
    expect(number).toMatchObject({ state: "NOT_ASSIGNED", active: true });
    // and it can be linked again elsewhere
    await bridge("other");
    expect((await connect("other", cfg, "+14155550100")).status).toBe(200);
  });

  it("disconnect of a number not on this bridge is 400 number_not_linked", async () => {
    const cfg = await configure("twilio", ACME_TWILIO_SID);
    await bridge("one");
    await bridge("two");
    await connect("one", cfg, "+14155550100");
    for (const phone of ["+14155550100", "+14155550101"]) {
      const res = await disconnect("two", phone);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("number_not_linked");
    }
    expect((await emu.admin.state()).links).toHaveLength(1);
  });

  it("a bridge with numbers cannot be deleted: 400 bridge_has_numbers (B9)", async () => {
    const cfg = await configure("twilio", ACME_TWILIO_SID);
    await bridge("main");
    await connect("main", cfg, "+14155550100");
    const res = await call("DELETE", `${BRIDGES}main/`);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("bridge_has_numbers");
    expect((await call("GET", `${BRIDGES}main/`)).status).toBe(200);
  });
});
