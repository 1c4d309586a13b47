import { request } from "undici";
import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(async () => {
  call = platform(emu);
});

function expectRateLimitHeaders(headers: Record<string, unknown>): void {
  expect(headers["x-ratelimit-limit"]).toMatch(/^\d+$/);
  expect(headers["x-ratelimit-remaining"]).toMatch(/^\d+$/);
  expect(headers["x-ratelimit-reset"]).toMatch(/^\d{10}$/);
}

describe("envelopes (E1, E2)", () => {
  it("lists carry count, status_code, message and data", async () => {
    const res = await call("GET", "/organizations/");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json).toEqual({
      count: 2,
      status_code: 200,
      message: expect.any(String),
      data: [
        { id: 1, name: "Acme Voice", domain_handle: "acme", created_at: "2024-01-01T00:00:00.000Z" },
        { id: 2, name: "Globex Telecom", domain_handle: "globex", created_at: "2024-01-01T00:00:00.000Z" },
      ],
    });
  });

  it("one-record answers carry status_code, message and data, no count", async () => {
    const res = await call("GET", "/spaces/sp-acme-support/");
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["data", "message", "status_code"]);
    expect(res.json.status_code).toBe(200);
  });

  it("creates answer 201 with status_code 201", async () => {
    const res = await call("POST", "/telephony/bridges/", { body: { name: "Main", slug: "main" } });
    expect(res.status).toBe(201);
    expect(res.json.status_code).toBe(201);
  });

  it("deletes answer 204 with no body and no Content-Type", async () => {
    await call("POST", "/telephony/bridges/", { body: { name: "Main", slug: "main" } });
    const res = await call("DELETE", "/telephony/bridges/main/");
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(res.headers["content-type"]).toBeUndefined();
    expectRateLimitHeaders(res.headers);
  });
});

describe("authentication (E4)", () => {
  it.each([
    ["no Authorization header", null, undefined],
    ["an unknown token", "wrong-token", undefined],
    ["the Bearer scheme", null, { authorization: `Bearer emulator-token` }],
    ["a scheme without token", null, { authorization: "Token" }],
  ])("answers 401 {status_code, message} for %s", async (_label, token, headers) => {
    const res = await call("GET", "/organizations/", { token, ...(headers ? { headers } : {}) });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ status_code: 401, message: expect.any(String) });
    expect(res.json.message.length).toBeGreaterThan(0);
    expectRateLimitHeaders(res.headers);
  });

  it("accepts the scheme word in any case", async () => {
    const res = await call("GET", "/organizations/", {
      token: null,
      headers: { authorization: `token ${emu.token}` },
    });
    expect(res.status).toBe(200);
  });

  it("authenticates before routing: an unknown path without a token is 401", async () => {
    expect((await call("GET", "/no-such-thing/", { token: null })).status).toBe(401);
  });

  it("a 401 writes nothing", async () => {
    const res = await call("POST", "/telephony/bridges/", { token: "nope", body: { name: "X", slug: "x" } });
    expect(res.status).toBe(401);
    expect((await emu.admin.state()).bridges).toEqual([]);
  });
});

describe("organization scoping (O1–O4)", () => {
  it("telephony endpoints need Org-Handle: 400 org_handle_required", async () => {
    for (const path of [
      "/telephony/bridges/",
      "/telephony/providers-configurations/",
      "/telephony/trunks/",
    ]) {
      const res = await call("GET", path, { org: null });
      expect(res.status, path).toBe(400);
      expect(res.json.error.code).toBe("org_handle_required");
    }
  });

  it("a handle the token may not use is 403 forbidden", async () => {
    const res = await call("GET", "/telephony/bridges/", { org: "initech" });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: { code: "forbidden", message: expect.any(String) } });
  });

  it("an unknown handle is 404 organization_not_found", async () => {
    const res = await call("GET", "/telephony/trunks/", { org: "nobody" });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("organization_not_found");
  });

  it("another organization's bridge is 404 and untouched", async () => {
    await call("POST", "/telephony/bridges/", { org: "globex", body: { name: "G", slug: "shared" } });
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await call(method, "/telephony/bridges/shared/", {
        org: "acme",
        ...(method === "PATCH" ? { body: { name: "stolen" } } : {}),
      });
      expect(res.status, method).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
    const mine = await call("GET", "/telephony/bridges/shared/", { org: "globex" });
    expect(mine.json.data.name).toBe("G");
  });

  it("the same slug may exist in two organizations", async () => {
    expect(
      (await call("POST", "/telephony/bridges/", { org: "globex", body: { name: "G", slug: "s" } })).status,
    ).toBe(201);
    expect(
      (await call("POST", "/telephony/bridges/", { org: "acme", body: { name: "A", slug: "s" } })).status,
    ).toBe(201);
    const acme = await call("GET", "/telephony/bridges/", { org: "acme" });
    expect(acme.json.data.map((b: { name: string }) => b.name)).toEqual(["A"]);
  });

  it("ids are global across organizations", async () => {
    const a = await call("POST", "/telephony/bridges/", { org: "acme", body: { name: "A", slug: "a" } });
    const g = await call("POST", "/telephony/bridges/", { org: "globex", body: { name: "G", slug: "g" } });
    expect(g.json.data.id).toBe(a.json.data.id + 1);
  });
});

describe("routing (E8)", () => {
  it("an unknown route under the prefix is a JSON 404 not_found with rate-limit headers", async () => {
    const res = await call("GET", "/telephony/unknown/");
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
    expectRateLimitHeaders(res.headers);
  });

  it("a path without the trailing slash is a 404 that names the right path", async () => {
    const res = await call("GET", "/organizations");
    expect(res.status).toBe(404);
    expect(res.json.error.message).toContain("/api/v2/platform/organizations/");
  });

  it("a known path with a wrong method is 405 method_not_allowed with Allow", async () => {
    const res = await call("PUT", "/telephony/bridges/main/", { body: { name: "x" } });
    expect(res.status).toBe(405);
    expect(res.json.error.code).toBe("method_not_allowed");
    expect(String(res.headers.allow).split(", ").sort()).toEqual(["DELETE", "GET", "HEAD", "PATCH"]);
  });

  it("a malformed URL is a JSON 400 invalid_request with rate-limit headers", async () => {
    const res = await call("GET", "/telephony/bridges/%zz/");
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_request");
    expectRateLimitHeaders(res.headers);
  });

  it("answers HEAD for GET endpoints", async () => {
    const res = await call("HEAD", "/organizations/");
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expectRateLimitHeaders(res.headers);
  });

  it("a DELETE may carry a JSON Content-Type without a body", async () => {
    await call("POST", "/telephony/bridges/", { body: { name: "A", slug: "a" } });
    const res = await call("DELETE", "/telephony/bridges/a/", {
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(204);
  });

  it("paths outside the API answer JSON 404s too", async () => {
    const res = await request(`${emu.url}/elsewhere/`);
    expect(res.statusCode).toBe(404);
    expect(((await res.body.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});
