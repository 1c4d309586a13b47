import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { VoiceClient } from "../../../sdk";
import type { AuthStrategy } from "../../../sdk/core/auth";
import { type RequestOptions, Transport } from "../../../sdk/core/transport";
import { json, localServer, rejectionOf } from "../../fixtures/http";

describe("requests on the wire", () => {
  it("sends auth, Org-Handle (and Product-ID only to the overview), JSON and a User-Agent", async () => {
    const seen: { url: string; method: string; headers: IncomingHttpHeaders; body: string }[] = [];
    const server = await localServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({ url: req.url ?? "", method: req.method ?? "", headers: req.headers, body });
        if (req.method === "POST")
          json(res, 201, { data: { id: 1, name: "Main", slug: "main", created_at: null } });
        else json(res, 200, { data: [], count: 0 });
      });
    });
    try {
      const client = new VoiceClient({
        baseUrl: `${server.url}/`,
        token: "tok-wire-1",
        orgHandle: "acme",
        productId: "voice-ai",
        userAgent: "my-app/1.0",
      });
      await client.bridges.list({ page: 2, page_size: 5 });
      await client.overview.list();
      await client.numbers.list({ scope: "pool" });
      await client.bridges.create({ name: "Main", slug: "main" });
      await client.spaces.list({}, { orgHandle: "globex" });
      const [list, overview, pool, create, spaces] = seen;
      expect(list?.url).toBe("/api/v2/platform/telephony/bridges/?page=2&page_size=5");
      expect(list?.headers).toMatchObject({
        authorization: "Token tok-wire-1",
        "org-handle": "acme",
        accept: "application/json",
      });
      expect(list?.headers["product-id"]).toBeUndefined();
      expect(list?.headers["content-type"]).toBeUndefined();
      expect(list?.headers["user-agent"]).toMatch(/^my-app\/1\.0 pulumi-voice-platform-sdk\/\S+ node\/v\d+/);
      expect(overview?.headers).toMatchObject({ "org-handle": "acme", "product-id": "voice-ai" });
      expect(pool?.headers["org-handle"]).toBeUndefined();
      expect(create).toMatchObject({ method: "POST", url: "/api/v2/platform/telephony/bridges/" });
      expect(create?.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(create?.body ?? "")).toEqual({ name: "Main", slug: "main" });
      expect(spaces?.headers["org-handle"]).toBe("globex");
    } finally {
      await server.close();
    }
  });

  it("reuses headers only while nothing they depend on changes", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = await localServer((req, res) => {
      req.resume();
      req.on("end", () => {
        seen.push(req.headers);
        json(res, 200, { data: [], count: 0 });
      });
    });
    // A strategy whose credential rotates: each new headers object must reach the wire.
    let credential = "Token first";
    let current = { authorization: credential };
    const auth: AuthStrategy = {
      headers: () => {
        if (current.authorization !== credential) current = { authorization: credential };
        return current;
      },
      secrets: () => [credential],
      fingerprint: () => "rotating",
    };
    const transport = new Transport({
      baseUrl: new URL(`${server.url}/api`),
      auth,
      orgHandle: "acme",
      productId: "voice-ai",
      maxRetries: 0,
      maxRateLimitRetries: 0,
      retryBaseDelayMs: 0,
      retryMaxDelayMs: 0,
      maxRetryAfterMs: 0,
      timeoutMs: 5_000,
      maxConcurrency: 4,
      logger: undefined,
      userAgent: undefined,
      dispatcher: undefined,
    });
    const get = (options?: RequestOptions) =>
      transport.request({ method: "GET", path: "/x/", schema: z.unknown(), list: true, options });
    try {
      await get();
      await get({ orgHandle: "globex", productId: "other" }); // per-call overrides are never cached…
      await get(); // …nor do they leak into the next call
      credential = "Token second";
      await get();
      await transport.request({
        method: "GET",
        path: "/x/",
        schema: z.unknown(),
        list: true,
        productId: true,
      });
      expect(seen.map((h) => [h.authorization, h["org-handle"], h["product-id"]])).toEqual([
        ["Token first", "acme", undefined],
        ["Token first", "globex", undefined], // Product-ID only where the endpoint takes it
        ["Token first", "acme", undefined],
        ["Token second", "acme", undefined],
        ["Token second", "acme", "voice-ai"],
      ]);
    } finally {
      await server.close();
    }
  });

  it("encodes path parameters", async () => {
    const urls: string[] = [];
    const server = await localServer((req, res) => {
      urls.push(req.url ?? "");
      json(res, 404, { error: { code: "not_found", message: "Space not found" } });
    });
    try {
      const client = new VoiceClient({ baseUrl: server.url, token: "tok-enc-1", maxRetries: 0 });
      const err = await rejectionOf(client.spaces.retrieve("a/b?c"));
      expect(urls).toEqual(["/api/v2/platform/spaces/a%2Fb%3Fc/"]);
      expect(err).toMatchObject({ name: "NotFoundError", path: "/spaces/a%2Fb%3Fc/" });
    } finally {
      await server.close();
    }
  });
});
