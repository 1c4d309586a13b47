import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { InvalidArgumentError, resolveBaseUrl, VoiceClient } from "../../sdk";

const make = (over: Record<string, unknown>) => () =>
  new VoiceClient({ baseUrl: "https://api.example.com", token: "tok-1234", ...over } as never);

function argError(fn: () => unknown): InvalidArgumentError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidArgumentError);
    return e as InvalidArgumentError;
  }
  throw new Error("expected an InvalidArgumentError");
}

describe("base URL (C3)", () => {
  it("appends the API prefix once", () => {
    expect(resolveBaseUrl("https://api.example.com").href).toBe("https://api.example.com/api/v2/platform");
    expect(resolveBaseUrl("https://api.example.com/").href).toBe("https://api.example.com/api/v2/platform");
    expect(resolveBaseUrl("https://api.example.com/api/v2/platform/").href).toBe(
      "https://api.example.com/api/v2/platform",
    );
    expect(resolveBaseUrl("https://gw.example.com/voice").href).toBe(
      "https://gw.example.com/voice/api/v2/platform",
    );
    expect(new VoiceClient({ baseUrl: "https://api.example.com", token: "t0k3n" }).baseUrl).toBe(
      "https://api.example.com/api/v2/platform",
    );
  });

  it("requires https except on loopback hosts", () => {
    for (const ok of [
      "http://localhost:8787",
      "http://127.0.0.1:1",
      "http://127.9.8.7",
      "http://[::1]:8787",
      "https://x.io",
    ]) {
      expect(() => resolveBaseUrl(ok)).not.toThrow();
    }
    for (const bad of [
      "http://api.example.com",
      "http://10.0.0.1",
      "http://localhost.evil.com",
      "ftp://localhost",
      "api.example.com",
      "",
    ]) {
      expect(argError(() => resolveBaseUrl(bad)).field).toBe("options.baseUrl");
    }
  });

  it("refuses credentials, query and fragment without echoing them", () => {
    const err = argError(make({ baseUrl: "https://user:hunter2@api.example.com" }));
    expect(err.message).not.toContain("hunter2");
    argError(make({ baseUrl: "https://api.example.com/?x=1" }));
    argError(make({ baseUrl: "https://api.example.com/#x" }));
  });
});

describe("options", () => {
  it("rejects bad options with the field named, never echoing the token", () => {
    expect(argError(make({ token: "" })).field).toBe("options.token");
    const inj = argError(make({ token: "tok-secret\r\nX-Evil: 1" }));
    expect(inj.field).toBe("options.token");
    expect(`${inj.message} ${inspect(inj)}`).not.toContain("tok-secret");
    expect(argError(make({ maxConcurrency: 0 })).field).toBe("options.maxConcurrency");
    expect(argError(make({ maxRetries: -1 })).field).toBe("options.maxRetries");
    expect(argError(make({ timeoutMs: 0 })).field).toBe("options.timeoutMs");
    expect(argError(make({ retryBaseDelayMs: Number.NaN })).field).toBe("options.retryBaseDelayMs");
    expect(argError(make({ orgHandle: "a\nb" })).field).toBe("options.orgHandle");
    expect(argError(make({ logger: { debug() {} } })).field).toBe("options.logger");
    expect(argError(() => new VoiceClient(undefined as never)).field).toBe("options");
  });

  it("per-call options are checked too, and nothing else is touched", async () => {
    const client = make({})();
    const err = await client.bridges.retrieve("main", { timeoutMs: -5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect(err).toMatchObject({
      field: "options.timeoutMs",
      method: "GET",
      path: "/telephony/bridges/{slug}/",
    });
  });
});

describe("printing a client", () => {
  it("shows where it points, never the token", () => {
    const client = new VoiceClient({
      baseUrl: "https://api.example.com",
      token: "tok-visible-NEVER",
      orgHandle: "acme",
    });
    const shown = inspect(client, { showHidden: true, depth: 20 });
    expect(shown).toContain("https://api.example.com/api/v2/platform");
    expect(shown).toContain("acme");
    expect(shown).not.toContain("tok-visible-NEVER");
    expect(JSON.stringify(client)).not.toContain("tok-visible-NEVER");
    expect(inspect(client.trunks, { showHidden: true, depth: 20 })).not.toContain("tok-visible-NEVER");
    expect(
      Object.values(client)
        .map((v) => inspect(v, { depth: 20 }))
        .join(),
    ).not.toContain("tok-visible-NEVER");
  });
});
