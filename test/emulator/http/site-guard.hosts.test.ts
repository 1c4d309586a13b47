// The Host names a started emulator answers to, over real HTTP: loopback names on its own
// port, the allow-list, the chat API's port, and why the platform API needs no Origin check.
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_PATH } from "../../../emulator";
import { startTestEmulator, type TestEmulator, useEmulator } from "../../fixtures/emulator";

const emu = useEmulator();

/** One request with a chosen Host header; answers status and parsed body. */
async function at(
  url: string,
  host: string,
  init: { method?: string; headers?: Record<string, string> } = {},
) {
  const res = await request(url, {
    method: (init.method ?? "GET") as "GET",
    headers: { host, ...init.headers },
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

describe("the Host a request names", () => {
  it("loopback names on the emulator's own port are answered", async () => {
    const port = Number(new URL(emu.url).port);
    const own = [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`];
    for (const host of [...own, `127.8.9.10:${port}`, `app.localhost:${port}`]) {
      expect({ host, status: (await at(`${emu.url}/_emulator/state`, host)).status }).toEqual({
        host,
        status: 200,
      });
    }
  });

  it("any other name, port or spelling is refused with 421 naming the way out", async () => {
    const port = Number(new URL(emu.url).port);
    const foreign = [
      `evil.example:${port}`,
      "evil.example",
      `127.0.0.1:${port + 1}`,
      "localhost",
      `127.0.0.1.nip.io:${port}`,
      `localhost.evil.example:${port}`,
      `evil.example@127.0.0.1:${port}`,
    ];
    for (const host of foreign) {
      const res = await at(`${emu.url}/_emulator/state`, host);
      expect({ host, status: res.status }).toEqual({ host, status: 421 });
      const { error } = JSON.parse(res.text);
      expect(error.code).toBe("misdirected_request");
      expect(error.message).toContain(`Host '${host}'`);
      expect(error.message).toContain("--allowed-host");
      expect(res.text).not.toContain(emu.token);
    }
  });
});

describe("the allow-list (--allowed-host, option allowedHosts)", () => {
  let named: TestEmulator;
  beforeAll(async () => {
    named = await startTestEmulator({ allowedHosts: ["voice.test", "proxy.test:9000"] });
  });
  afterAll(() => named?.close());

  it("admits the names it lists, on any port or on the port given, and nothing else", async () => {
    const port = Number(new URL(named.url).port);
    const state = `${named.url}/_emulator/state`;
    for (const host of [`voice.test:${port}`, "voice.test:8080", "voice.test", "proxy.test:9000"]) {
      expect({ host, status: (await at(state, host)).status }).toEqual({ host, status: 200 });
    }
    for (const host of [`proxy.test:${port}`, `evil.example:${port}`, `sub.voice.test:${port}`]) {
      expect({ host, status: (await at(state, host)).status }).toEqual({ host, status: 421 });
    }
  });

  it("a listed name's own page may change state; another site's page still may not", async () => {
    const port = Number(new URL(named.url).port);
    await named.admin.seed({ poolNumbers: ["+18005550177"] });
    const post = (origin: string) =>
      at(`${named.url}/_emulator/reset`, `voice.test:${port}`, {
        method: "POST",
        headers: {
          origin,
          "sec-fetch-site": origin.startsWith("http://voice.test") ? "same-origin" : "cross-site",
        },
      });
    expect((await post("http://evil.example")).status).toBe(403);
    expect((await named.admin.state()).numbers.some((n) => n.number === "+18005550177")).toBe(true);
    expect((await post(`http://voice.test:${port}`)).status).toBe(200);
    expect((await named.admin.state()).numbers.some((n) => n.number === "+18005550177")).toBe(false);
  });

  it("an entry that is not a host name or address is refused at start, naming the option", async () => {
    for (const entry of ["", "voice test", "http://voice.test", "voice.test/x", "user@voice.test"]) {
      await expect(startTestEmulator({ allowedHosts: [entry] })).rejects.toThrow(
        `--allowed-host (allowedHosts) '${entry}' is not a host name or address`,
      );
    }
  });
});

describe("the chat API's port", () => {
  it("refuses a foreign Host too, keeping no session", async () => {
    const port = new URL(emu.inferenceUrl).port;
    const chat = (host: string) =>
      request(`${emu.inferenceUrl}${CHAT_PATH}`, {
        method: "POST",
        headers: { host, authorization: `Bearer ${emu.endpointKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          model: emu.playbookModel,
          messages: [{ role: "user", content: "hi" }],
          user: "u1",
        }),
      });
    const refused = await chat(`evil.example:${port}`);
    expect(refused.statusCode).toBe(421);
    await refused.body.dump();
    expect(await emu.admin.sessions()).toEqual([]);
    const served = await chat(`localhost:${port}`);
    expect(served.statusCode).toBe(200);
    await served.body.dump();
    expect(await emu.admin.sessions()).toHaveLength(1);
  });
});

describe("the platform API and another site's page", () => {
  // No Origin check there: every route needs `Authorization: Token`, which a page on another
  // site can only send after a CORS preflight, and the emulator grants none.
  it("a preflight is not granted, and a request without the token changes nothing", async () => {
    const api = `${emu.url}/api/v2/platform/telephony/bridges/`;
    const preflight = await request(api, {
      method: "OPTIONS",
      headers: {
        origin: "http://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type",
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(Object.keys(preflight.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
    await preflight.body.dump();
    const form = await request(api, {
      method: "POST",
      headers: {
        origin: "http://evil.example",
        "sec-fetch-site": "cross-site",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "name=Pwned&slug=pwned",
    });
    expect(form.statusCode).toBe(401);
    await form.body.dump();
    expect((await emu.admin.state()).bridges).toEqual([]);
  });
});
