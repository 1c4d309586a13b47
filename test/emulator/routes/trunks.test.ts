import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { TRUNK_DEFAULTS } from "../../fixtures/platform";
import { platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(async () => {
  call = platform(emu);
});

const PATH = "/telephony/trunks/";
const full = {
  name: "Primary",
  sip_url: "sip:pbx.example.com",
  transport: "tls",
  port: "5061",
  auth_username: "alice",
  auth_password: "hunter2-password",
  source_ips: ["203.0.113.10", "2001:db8::1", "198.51.100.0/24"],
};
const create = (body: Record<string, unknown>, org = "acme") => call("POST", PATH, { org, body });

describe("SIP trunks (T1–T6)", () => {
  it("creates with 201 and the T4 shape, password masked, username in full (T2, T5)", async () => {
    const res = await create(full);
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({
      id: 1,
      name: "Primary",
      sip_url: "sip:pbx.example.com",
      transport: "tls",
      port: "5061",
      auth_username: "alice",
      auth_password: "********",
      allowed_ips: "203.0.113.10,2001:db8::1,198.51.100.0/24",
      active: true,
      org_handle: "acme",
      created_at: expect.any(String),
    });
    expect(res.text).not.toContain("hunter2");
  });

  it("applies the defaults: tcp, 5060, no credentials, no IPs", async () => {
    const res = await create({ name: "Bare", sip_url: "10.0.0.5" });
    expect(res.json.data).toMatchObject({
      ...TRUNK_DEFAULTS,
    });
  });

  it("listings mask the user name and the password; single reads show the user name", async () => {
    const id = (await create(full)).json.data.id;
    await create({ name: "Short", sip_url: "pbx.example.com", auth_username: "al" });
    const listed = await call("GET", PATH);
    expect(listed.json.count).toBe(2);
    expect(listed.json.data[0]).toMatchObject({ auth_username: "al***", auth_password: "********" });
    expect(listed.json.data[1]).toMatchObject({ auth_username: "al***", auth_password: null });
    expect(listed.text).not.toContain("alice");
    expect(listed.text).not.toContain("hunter2");
    const one = await call("GET", `${PATH}${id}/`);
    expect(one.json.data).toMatchObject({ auth_username: "alice", auth_password: "********" });
  });

  it("PATCH changes fields, replaces source_ips, and ignores active (T3, T6)", async () => {
    const id = (await create(full)).json.data.id;
    const res = await call("PATCH", `${PATH}${id}/`, {
      body: { transport: "udp", port: "5080", source_ips: ["192.0.2.1"], auth_password: null, active: false },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      name: "Primary",
      transport: "udp",
      port: "5080",
      allowed_ips: "192.0.2.1",
      auth_username: "alice",
      auth_password: null,
      active: true,
    });
    const stored = (await emu.admin.state()).trunks[0];
    expect(stored?.auth_password).toBeNull();
    expect(stored?.source_ips).toEqual(["192.0.2.1"]);
  });

  it("PATCH of the password stores it and still masks it", async () => {
    const id = (await create(full)).json.data.id;
    const res = await call("PATCH", `${PATH}${id}/`, { body: { auth_password: "new-one" } });
    expect(res.json.data.auth_password).toBe("********");
    expect((await emu.admin.state()).trunks[0]?.auth_password).toBe("new-one");
  });

  it("names are unique per organization: 400 already_exists", async () => {
    await create(full);
    const dup = await create({ ...full, sip_url: "other.example.com" });
    expect(dup.status).toBe(400);
    expect(dup.json.error.code).toBe("already_exists");
    expect((await create(full, "globex")).status).toBe(201);
    const second = await create({ ...full, name: "Secondary" });
    const rename = await call("PATCH", `${PATH}${second.json.data.id}/`, { body: { name: "Primary" } });
    expect(rename.json.error.code).toBe("already_exists");
    // a refused rename changes none of the other fields of the same PATCH
    const again = await call("PATCH", `${PATH}${second.json.data.id}/`, {
      body: { name: "Primary", port: "6000" },
    });
    expect(again.status).toBe(400);
    expect((await call("GET", `${PATH}${second.json.data.id}/`)).json.data.port).toBe("5061");
    // renaming to its own name is no clash
    expect(
      (await call("PATCH", `${PATH}${second.json.data.id}/`, { body: { name: "Secondary" } })).status,
    ).toBe(200);
  });

  it("GET, PATCH and DELETE of unknown or another organization's trunk are 404 (T1)", async () => {
    const id = (await create(full, "globex")).json.data.id;
    expect((await call("GET", `${PATH}${id}/`)).status).toBe(404);
    expect((await call("PATCH", `${PATH}${id}/`, { body: { name: "x" } })).status).toBe(404);
    expect((await call("DELETE", `${PATH}${id}/`)).status).toBe(404);
    expect((await call("GET", `${PATH}x1/`)).status).toBe(404);
    expect((await call("GET", `${PATH}${id}/`, { org: "globex" })).json.data.name).toBe("Primary");
  });

  it("deletes with 204 and no body", async () => {
    const id = (await create(full)).json.data.id;
    const res = await call("DELETE", `${PATH}${id}/`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await call("GET", `${PATH}${id}/`)).status).toBe(404);
  });

  it.each([
    ["transport", "sctp"],
    ["port", 5060],
    ["port", "0"],
    ["port", "65536"],
    ["port", "05060"],
    ["port", "50a"],
    ["sip_url", "not a host"],
    ["sip_url", ""],
    ["sip_url", "-bad-.example.com"],
    ["auth_username", ""],
    ["auth_password", 12],
    ["source_ips", "1.2.3.4"],
    ["name", ""],
  ])("rejects %s = %j naming it", async (field, value) => {
    const res = await create({ ...full, [field]: value });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(Object.keys(res.json.error.fields)).toEqual([field]);
    expect((await emu.admin.state()).trunks).toEqual([]);
  });

  it("names the offending source_ips entry by index", async () => {
    const res = await create({ ...full, source_ips: ["1.2.3.4", "999.1.1.1", "10.0.0.0/33", "::1/129", 7] });
    expect(res.json.error.fields).toEqual({
      "source_ips.1": expect.any(String),
      "source_ips.2": expect.any(String),
      "source_ips.3": expect.any(String),
      "source_ips.4": expect.any(String),
    });
  });

  it.each(["sips:trunk@pbx.example.com:5061", "pbx.example.com", "192.0.2.7", "[2001:db8::5]", "localhost"])(
    "accepts sip_url %j",
    async (sip_url) => {
      expect((await create({ name: "T", sip_url })).status).toBe(201);
    },
  );

  it("requires name and sip_url", async () => {
    const res = await create({});
    expect(res.json.error.fields).toEqual({ name: "is required", sip_url: "is required" });
  });
});
