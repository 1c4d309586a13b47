// The emulator's dashboard page over raw HTTP: what it lists, what it never shows, its forms.
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator";
import { buildApp, createContext } from "../../../emulator/server";
import { useEmulator } from "../../fixtures/emulator";
import { ACME_TWILIO_SID, platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(() => {
  call = platform(emu);
});

const AUTH_TOKEN = "dashboard-auth-t0ken-5ecr3t";
const SIP_PASSWORD = "dashboard-sip-passw0rd-5ecr3t";
const SCRIPT_NAME = `<script>alert("x")</script> & 'co'`;

/** A configuration, a bridge named like markup with one number, and a trunk with a password. */
async function seedTelephony(): Promise<{ trunkId: number }> {
  const cfg = await call("POST", "/telephony/providers-configurations/", {
    body: { provider: "twilio", account_sid: ACME_TWILIO_SID, auth_token: AUTH_TOKEN },
  });
  await call("POST", "/telephony/bridges/", { body: { name: SCRIPT_NAME, slug: "main" } });
  await call("POST", "/telephony/bridges/main/connect-provider/", {
    body: { provider_config_id: cfg.json.data.id, phone_number: "+14155550100" },
  });
  const trunk = await call("POST", "/telephony/trunks/", {
    body: {
      name: "edge-1",
      sip_url: "sip.example.net",
      auth_username: "edge-user",
      auth_password: SIP_PASSWORD,
    },
  });
  return { trunkId: trunk.json.data.id };
}

async function page(query = ""): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const res = await request(`${emu.url}/${query}`);
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

/** Post a dashboard form as a browser would (same origin, url-encoded). */
async function post(path: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await request(`${emu.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: emu.url,
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, location: res.headers.location, text: await res.body.text() };
}

describe("the dashboard page", () => {
  it("lists the organization's bridges, numbers, trunks, configurations, calls and transcripts", async () => {
    await seedTelephony();
    const { status, headers, text } = await page();
    expect(status).toBe(200);
    expect(headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(String(headers["content-security-policy"])).toContain("default-src 'none'");
    // Not `no-referrer`: a browser would then post the page's forms with `Origin: null` (refused).
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(text).toMatch(/^<!doctype html>/);
    expect(text).toContain("Acme Voice (acme)");
    for (const shown of ["main", "+14155550100", "edge-1", "sip.example.net", "5060", ACME_TWILIO_SID]) {
      expect(text).toContain(shown);
    }
    expect(text).toContain("+442079460004"); // an unassigned plivo number
    expect(text).toContain("Tseed0001");
    expect(text).toContain("Ada Lovelace");
    expect(text).toContain("Hi Ada Lovelace, this is the support-agent calling. Is now a good time?");
    expect(text).toContain("Main line"); // a seeded SIP call record
    expect(text).toContain('action="/dashboard/orgs/acme/bridges/main/rename"');
  });

  it("escapes every value: a bridge named like markup stays text", async () => {
    await seedTelephony();
    const { text } = await page();
    expect(text).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;");
    expect(text).not.toContain("<script");
    expect(text).not.toContain(`alert("x")`);
  });

  it("never shows a configuration's auth token or a trunk's password", async () => {
    await seedTelephony();
    const { text } = await page();
    expect(text).not.toContain(AUTH_TOKEN);
    expect(text).not.toContain(SIP_PASSWORD);
    expect(text).not.toContain(emu.token);
    expect(text).toContain("set (hidden)");
  });

  it("?org= picks another organization; an unknown one is 404", async () => {
    await seedTelephony();
    const globex = await page("?org=globex");
    expect(globex.status).toBe(200);
    expect(globex.text).toContain("Globex Telecom (globex)");
    expect(globex.text).toContain("+12125550100");
    expect(globex.text).not.toContain("+14155550100");
    expect(globex.text).not.toContain("edge-1");
    const unknown = await page("?org=%3Cb%3Enope");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("No organization &#39;&lt;b&gt;nope&#39;");
  });
});

describe("the dashboard's forms", () => {
  it("rename a bridge, then redirect back (303)", async () => {
    await seedTelephony();
    const res = await post("/dashboard/orgs/acme/bridges/main/rename", { name: "Front desk" });
    expect(res).toMatchObject({ status: 303, location: "/?org=acme" });
    expect((await emu.admin.state()).bridges.map((b) => b.name)).toEqual(["Front desk"]);
    expect((await page()).text).toContain("Front desk");
  });

  it("disconnect a number", async () => {
    await seedTelephony();
    const res = await post("/dashboard/orgs/acme/bridges/main/disconnect", { phone_number: "+14155550100" });
    expect(res).toMatchObject({ status: 303, location: "/?org=acme" });
    expect((await emu.admin.state()).links).toEqual([]);
  });

  it("change a trunk's port", async () => {
    const { trunkId } = await seedTelephony();
    const res = await post(`/dashboard/orgs/acme/trunks/${trunkId}/port`, { port: "5070" });
    expect(res).toMatchObject({ status: 303, location: "/?org=acme" });
    const [trunk] = (await emu.admin.state()).trunks;
    expect(trunk).toMatchObject({ port: "5070", name: "edge-1", auth_password: SIP_PASSWORD });
  });

  it("delete a trunk", async () => {
    const { trunkId } = await seedTelephony();
    const res = await post(`/dashboard/orgs/acme/trunks/${trunkId}/delete`);
    expect(res).toMatchObject({ status: 303, location: "/?org=acme" });
    expect((await emu.admin.state()).trunks).toEqual([]);
  });

  it("a refused change is a page saying why, and changes nothing", async () => {
    const { trunkId } = await seedTelephony();
    const badPort = await post(`/dashboard/orgs/acme/trunks/${trunkId}/port`, { port: "99999" });
    expect(badPort.status).toBe(400);
    expect(badPort.text).toContain("port: must be a port number from 1 to 65535");
    const emptyName = await post("/dashboard/orgs/acme/bridges/main/rename", { name: "  " });
    expect(emptyName.status).toBe(400);
    expect(emptyName.text).toContain("name: must not be empty");
    const unknown = await post("/dashboard/orgs/acme/bridges/nope/rename", { name: "X" });
    expect(unknown.status).toBe(404);
    const notLinked = await post("/dashboard/orgs/acme/bridges/main/disconnect", {
      phone_number: "+14155550101",
    });
    expect(notLinked.status).toBe(404);
    const json = await post(
      "/dashboard/orgs/acme/bridges/main/rename",
      {},
      { "content-type": "application/json" },
    );
    expect(json.status).toBe(415);
    const state = await emu.admin.state();
    expect(state.trunks[0]?.port).toBe("5060");
    expect(state.bridges[0]?.name).toBe(SCRIPT_NAME);
    expect(state.links).toHaveLength(1);
  });

  it("refuses a form posted from another site's page (CSRF)", async () => {
    await seedTelephony();
    const fromElsewhere = await post(
      "/dashboard/orgs/acme/bridges/main/rename",
      { name: "Pwned" },
      { origin: "http://evil.example" },
    );
    expect(fromElsewhere.status).toBe(403);
    const crossSite = await post(
      "/dashboard/orgs/acme/bridges/main/rename",
      { name: "Pwned" },
      { "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    // An opaque origin (a sandboxed frame, a data: page) is another site too.
    const opaque = await post(
      "/dashboard/orgs/acme/bridges/main/rename",
      { name: "Pwned" },
      { origin: "null" },
    );
    expect(opaque.status).toBe(403);
    expect((await emu.admin.state()).bridges[0]?.name).toBe(SCRIPT_NAME);
  });
});

describe("who may use the dashboard: the admin surface's guard", () => {
  const guarded = { url: "", close: async () => {} };
  beforeAll(async () => {
    const emulator = await startEmulator({ adminToken: "admin-s3cret" });
    Object.assign(guarded, { url: emulator.url, close: () => emulator.close() });
  });
  afterAll(() => guarded.close());

  it("with an admin token, the page and the forms require it", async () => {
    const anonymous = await request(`${guarded.url}/`);
    expect(anonymous.statusCode).toBe(401);
    await anonymous.body.dump();
    const form = await request(`${guarded.url}/dashboard/orgs/acme/trunks/1/delete`, { method: "POST" });
    expect(form.statusCode).toBe(401);
    await form.body.dump();
    const admin = await request(`${guarded.url}/`, { headers: { authorization: "Bearer admin-s3cret" } });
    expect(admin.statusCode).toBe(200);
    await admin.body.dump();
  });

  it("without an admin token, only loopback clients are answered", async () => {
    const app = buildApp(createContext(), { requestTimeoutMs: 10_000, adminToken: undefined });
    try {
      const remote = await app.inject({ method: "GET", url: "/", remoteAddress: "192.0.2.2" });
      expect(remote.statusCode).toBe(403);
      const remotePost = await app.inject({
        method: "POST",
        url: "/dashboard/orgs/acme/bridges/main/rename",
        remoteAddress: "192.0.2.2",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "name=X",
      });
      expect(remotePost.statusCode).toBe(403);
      const local = await app.inject({ method: "GET", url: "/", remoteAddress: "127.0.0.1" });
      expect(local.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
