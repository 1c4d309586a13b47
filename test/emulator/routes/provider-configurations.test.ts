import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { ACME_PLIVO_SID, ACME_TWILIO_SID, platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(async () => {
  call = platform(emu);
});

const PATH = "/telephony/providers-configurations/";
const create = (body: Record<string, unknown>, org = "acme") => call("POST", PATH, { org, body });
const twilio = { provider: "twilio", account_sid: ACME_TWILIO_SID, auth_token: "super-secret-token" };

describe("provider configurations (P1–P6)", () => {
  it("creates (201) and answers {id, provider, account_sid, created_at} without auth_token", async () => {
    const res = await create(twilio);
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({
      id: 1,
      provider: "twilio",
      account_sid: ACME_TWILIO_SID,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
    // the platform stored the secret: it is only write-only through the API
    expect((await emu.admin.state()).configurations[0]?.auth_token).toBe("super-secret-token");
  });

  it("never returns auth_token: not in list, read, update or create answers", async () => {
    const created = await create(twilio);
    const id = created.json.data.id;
    const answers = [
      created,
      await call("GET", PATH),
      await call("GET", `${PATH}${id}/`),
      await call("PATCH", `${PATH}${id}/`, { body: { auth_token: "rotated-secret" } }),
    ];
    for (const res of answers) {
      expect(res.status).toBeLessThan(300);
      expect(res.text).not.toContain("auth_token");
      expect(res.text).not.toContain("secret");
    }
  });

  it("lists the organization's configurations in id order with count", async () => {
    await create(twilio);
    await create({ provider: "plivo", account_sid: ACME_PLIVO_SID, auth_token: "p" });
    await create(
      { provider: "twilio", account_sid: "AC00000000000000000000000000000002", auth_token: "g" },
      "globex",
    );
    const res = await call("GET", PATH);
    expect(res.json.count).toBe(2);
    expect(res.json.data.map((c: { provider: string }) => c.provider)).toEqual(["twilio", "plivo"]);
    expect((await call("GET", PATH, { org: "globex" })).json.count).toBe(1);
  });

  it("retrieves one; unknown, non-integer and other-organization ids are 404", async () => {
    const id = (await create(twilio)).json.data.id;
    expect((await call("GET", `${PATH}${id}/`)).json.data.id).toBe(id);
    expect((await call("GET", `${PATH}999/`)).status).toBe(404);
    expect((await call("GET", `${PATH}abc/`)).status).toBe(404);
    expect((await call("GET", `${PATH}${id}/`, { org: "globex" })).status).toBe(404);
  });

  it("PATCH changes account_sid and auth_token and ignores provider (P4)", async () => {
    const id = (await create(twilio)).json.data.id;
    const res = await call("PATCH", `${PATH}${id}/`, {
      body: { account_sid: "ACnew", auth_token: "new-token", provider: "plivo" },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id, provider: "twilio", account_sid: "ACnew" });
    const stored = (await emu.admin.state()).configurations[0];
    expect(stored).toMatchObject({ provider: "twilio", account_sid: "ACnew", auth_token: "new-token" });
  });

  it("PATCH of an unknown id is 404", async () => {
    expect((await call("PATCH", `${PATH}42/`, { body: { auth_token: "x" } })).status).toBe(404);
  });

  it("a second configuration of the same account is 400 already_exists (P2)", async () => {
    await create(twilio);
    const res = await create({ ...twilio, auth_token: "other" });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("already_exists");
    // another organization may configure the same account sid
    expect((await create(twilio, "globex")).status).toBe(201);
  });

  it("PATCH onto another configuration's account is 400 already_exists", async () => {
    await create(twilio);
    const second = await create({ provider: "twilio", account_sid: "ACother", auth_token: "x" });
    const res = await call("PATCH", `${PATH}${second.json.data.id}/`, {
      body: { account_sid: ACME_TWILIO_SID, auth_token: "must-not-land" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("already_exists");
    expect((await emu.admin.state()).configurations[1]).toMatchObject({
      account_sid: "ACother",
      auth_token: "x",
    });
  });

  it("validates provider against the catalogue and the strings (P1), naming every field", async () => {
    const res = await create({ provider: "acmetel", account_sid: "", auth_token: 7 });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(Object.keys(res.json.error.fields).sort()).toEqual(["account_sid", "auth_token", "provider"]);
    const missing = await create({});
    expect(missing.json.error.fields).toEqual({
      provider: "is required",
      account_sid: "is required",
      auth_token: "is required",
    });
    const long = await create({ ...twilio, account_sid: "A".repeat(256) });
    expect(long.json.error.fields).toEqual({ account_sid: expect.stringContaining("255") });
    expect((await emu.admin.state()).configurations).toEqual([]);
  });

  it("deletes with 204; a configuration in use is 400 configuration_in_use (P5)", async () => {
    const id = (await create(twilio)).json.data.id;
    await call("POST", "/telephony/bridges/", { body: { name: "B", slug: "b" } });
    await call("POST", "/telephony/bridges/b/connect-provider/", {
      body: { provider_config_id: id, phone_number: "+14155550100" },
    });
    const refused = await call("DELETE", `${PATH}${id}/`);
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe("configuration_in_use");
    await call("POST", "/telephony/bridges/b/disconnect-provider/", {
      body: { phone_number: "+14155550100" },
    });
    const deleted = await call("DELETE", `${PATH}${id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await call("GET", `${PATH}${id}/`)).status).toBe(404);
    expect((await call("DELETE", `${PATH}${id}/`)).status).toBe(404);
  });
});
