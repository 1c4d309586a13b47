// The site guard's two verdicts as functions: which Host names a server owns, and which
// Origin / Sec-Fetch-Site make a state change another site's.
import { describe, expect, it } from "vitest";
import {
  crossSiteRefusal,
  HostPolicy,
  parseAllowedHost,
  siteRefusal,
} from "../../../emulator/http/site-guard";

const PORT = 8787;

describe("HostPolicy", () => {
  it("listening on loopback: loopback names and addresses on its port", () => {
    const policy = new HostPolicy("127.0.0.1", []);
    for (const host of [
      "127.0.0.1:8787",
      "localhost:8787",
      "a.b.localhost:8787",
      "[::1]:8787",
      "127.1:8787",
    ]) {
      expect({ host, refusal: policy.refusal(host, PORT) }).toEqual({ host, refusal: undefined });
    }
    for (const host of [
      "127.0.0.1:8788",
      "localhost",
      "localhost.:8787",
      "evil.example:8787",
      "0.0.0.0:8787",
    ]) {
      expect(policy.refusal(host, PORT)).toContain(`Host '${host}'`);
    }
    expect(policy.refusal(undefined, PORT)).toContain("Host ''");
  });

  it("listening on a named interface: that name too; on a wildcard: the wildcard itself", () => {
    expect(new HostPolicy("192.0.2.5", []).refusal("192.0.2.5:8787", PORT)).toBeUndefined();
    expect(new HostPolicy("192.0.2.5", []).refusal("192.0.2.6:8787", PORT)).toBeDefined();
    expect(new HostPolicy("::", []).refusal("[::]:8787", PORT)).toBeUndefined();
    expect(new HostPolicy("0.0.0.0", []).refusal("0.0.0.0:8787", PORT)).toBeUndefined();
    // A wildcard adds the machine's own addresses, never a name someone else controls.
    expect(new HostPolicy("0.0.0.0", []).refusal("evil.example:8787", PORT)).toBeDefined();
    expect(new HostPolicy("0.0.0.0", []).refusal("192.0.2.99:8787", PORT)).toBeDefined();
  });

  it("an allowed name matches on any port; an allowed name:port on that port only", () => {
    const policy = new HostPolicy("127.0.0.1", ["Voice.Test", "proxy.test:9000", "[fd00::1]"]);
    expect(policy.refusal("voice.test:1234", PORT)).toBeUndefined();
    expect(policy.refusal("proxy.test:9000", PORT)).toBeUndefined();
    expect(policy.refusal("proxy.test:8787", PORT)).toBeDefined();
    expect(policy.refusal("[fd00::1]:8787", PORT)).toBeUndefined();
    expect(policy.refusal("sub.voice.test:8787", PORT)).toBeDefined();
  });

  it("before it listens (in-process inject) any port of an own name is fine", () => {
    expect(new HostPolicy("127.0.0.1", []).refusal("localhost:80", undefined)).toBeUndefined();
    expect(new HostPolicy("127.0.0.1", []).refusal("evil.example:80", undefined)).toBeDefined();
  });
});

describe("parseAllowedHost", () => {
  it("takes a name or address with an optional port, and names the option otherwise", () => {
    expect(parseAllowedHost("voice.test")).toEqual({ name: "voice.test", port: undefined });
    expect(parseAllowedHost("voice.test:80")).toEqual({ name: "voice.test", port: 80 });
    expect(parseAllowedHost("[::1]:8080")).toEqual({ name: "[::1]", port: 8080 });
    for (const entry of ["", " ", "::1", "a b", "http://x", "x/y", "u@x", "x:99999"]) {
      expect(() => parseAllowedHost(entry)).toThrow(`--allowed-host (allowedHosts) '${entry}'`);
    }
  });
});

describe("crossSiteRefusal", () => {
  const host = "127.0.0.1:8787";
  it.each([
    ["no Origin, no Sec-Fetch-Site (curl, the SDK)", {}],
    ["Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin" }],
    ["Sec-Fetch-Site: none (typed or bookmarked)", { "sec-fetch-site": "none" }],
    ["its own Origin", { origin: "http://127.0.0.1:8787" }],
    ["its own Origin behind a TLS proxy", { origin: "https://127.0.0.1:8787" }],
  ])("lets through %s", (_, headers) => {
    expect(crossSiteRefusal({ host, ...headers })).toBeUndefined();
  });

  it.each([
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (another port of localhost)", { "sec-fetch-site": "same-site" }],
    ["a foreign Origin", { origin: "http://evil.example" }],
    ["Origin: null (a sandboxed frame, a data: page)", { origin: "null" }],
    ["another port", { origin: "http://127.0.0.1:3000" }],
    ["another loopback name", { origin: "http://localhost:8787" }],
    ["a non-web scheme", { origin: "file://127.0.0.1:8787" }],
    [
      "its own Origin with a cross-site fetch",
      { origin: "http://127.0.0.1:8787", "sec-fetch-site": "cross-site" },
    ],
  ])("refuses %s", (_, headers) => {
    expect(crossSiteRefusal({ host, ...headers })).toContain("another site's page");
  });
});

describe("siteRefusal", () => {
  const policy = new HostPolicy("127.0.0.1", []);
  const everywhere = () => true;
  const evil = { host: "127.0.0.1:8787", origin: "http://evil.example" };

  it("reads are never refused for their Origin, only for their Host", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(siteRefusal(policy, { method, url: "/", headers: evil }, PORT, everywhere)).toBeUndefined();
    }
    const rebound = { host: "evil.example:8787", origin: "http://evil.example:8787" };
    expect(
      siteRefusal(policy, { method: "GET", url: "/", headers: rebound }, PORT, everywhere),
    ).toMatchObject({
      status: 421,
      body: { error: { code: "misdirected_request" } },
    });
  });

  it("a state change is checked only where the server asks", () => {
    const post = { method: "POST", url: "/_emulator/reset", headers: evil };
    expect(siteRefusal(policy, post, PORT, everywhere)).toMatchObject({
      status: 403,
      body: { error: { code: "cross_site_request" } },
    });
    expect(siteRefusal(policy, post, PORT, () => false)).toBeUndefined();
  });
});
