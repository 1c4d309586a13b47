import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  BridgeConnectParams,
  BridgeCreateParams,
  E164,
  Id,
  IdLike,
  InvalidArgumentError,
  IpOrCidr,
  normalizeE164,
  Port,
  ProviderConfigurationCreateParams,
  Secret255,
  SipTransport,
  SipTrunkCreateParams,
  SipTrunkUpdateParams,
  SipUrl,
  Slug,
  Text255,
  VoiceClient,
} from "../../../sdk";
import { check, formatPath, HeaderValue, PageParams, RequestOptionsSchema } from "../../../sdk/core/validate";
import { closedPort } from "../../fixtures/http";

/** What `check` threw, or undefined when it accepted. */
function failure(schema: z.ZodType, value: unknown, field = "x"): InvalidArgumentError | undefined {
  try {
    check(schema, value, field);
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidArgumentError);
    return e as InvalidArgumentError;
  }
}

describe("argument rules", () => {
  it("E.164 after removing separators (N3)", () => {
    expect(normalizeE164("+14155550100")).toBe("+14155550100");
    expect(normalizeE164("+1 (415) 555-0100")).toBe("+14155550100");
    expect(normalizeE164("+44.20.7946.0000")).toBe("+442079460000");
    for (const bad of [
      "14155550100",
      "+0123456789",
      "+1234567",
      "+1234567890123456",
      "+1415abc0100",
      "",
      14155550100,
      null,
    ]) {
      expect(normalizeE164(bad)).toBeUndefined();
    }
    expect(failure(E164, "555-0100", "phone_number")?.reason).toBe(
      "must be an E.164 phone number such as +14155550100",
    );
  });

  it("slug (B1)", () => {
    for (const ok of ["a", "main", "main-1", "0", "a".repeat(64)]) expect(failure(Slug, ok)).toBeUndefined();
    for (const bad of ["", "-a", "a-", "Main", "a_b", "a b", "a".repeat(65), "é", 5]) {
      expect(failure(Slug, bad, "slug")?.field).toBe("slug");
    }
  });

  it("transport, port, id, IP/CIDR", () => {
    expect(check(SipTransport, "tls", "t")).toBe("tls");
    expect(failure(SipTransport, "ws")?.reason).toBe("must be one of tcp, udp, tls");
    expect(failure(SipTransport, "TCP")).toBeInstanceOf(InvalidArgumentError);
    expect(check(Port, 5060, "port")).toBe("5060");
    expect(check(Port, "5061", "port")).toBe("5061");
    for (const bad of [
      0,
      65536,
      1.5,
      "0",
      "70000",
      "50a",
      "",
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      "5060 ",
    ]) {
      expect(failure(Port, bad, "port")?.reason).toBe("must be an integer from 1 to 65535");
    }
    expect(check(Id, 7, "id")).toBe(7);
    for (const bad of [0, -1, 1.5, "7", Number.NaN, 2 ** 60, null])
      expect(failure(Id, bad, "id")).toBeDefined();
    for (const ok of ["10.0.0.1", "10.0.0.0/8", "::1", "2001:db8::/32", "0.0.0.0/0"])
      expect(failure(IpOrCidr, ok)).toBeUndefined();
    for (const bad of [
      "10.0.0.256",
      "10.0.0.0/33",
      "::1/129",
      "10.0.0.0/8/1",
      "host",
      "10.0.0.0/",
      "10.0.0.0/x",
    ]) {
      expect(failure(IpOrCidr, bad)).toBeDefined();
    }
  });

  it("ids given as digit strings, parsed strictly", () => {
    expect(check(IdLike, "12", "id")).toBe(12);
    expect(check(IdLike, 12, "id")).toBe(12);
    for (const bad of ["0x1", "1e3", "+1", "-1", "1 2", "", 0, 1.5, "9007199254740993"]) {
      expect(failure(IdLike, bad, "id")?.reason).toBe(
        "must be a positive integer id (decimal digits, e.g. 12)",
      );
    }
  });

  it("sip_url, names and secrets (T3, T6, P1)", () => {
    for (const ok of [
      "pbx.example.com",
      "10.0.0.5",
      "[2001:db8::1]",
      "sip:alice@pbx.example.com:5060;transport=tls",
    ]) {
      expect(failure(SipUrl, ok)).toBeUndefined();
    }
    for (const bad of ["sip:", "-bad-.example", "a..b", "@@@", "pbx.example.com:5060", "x".repeat(256)]) {
      expect(failure(SipUrl, bad, "sip_url")?.field).toBe("sip_url");
    }
    expect(failure(Text255, "x".repeat(256))?.reason).toBe("must be at most 255 characters");
    expect(failure(Text255, "   ")?.reason).toBe("must be a non-empty string");
    const secret = "s".repeat(300);
    const refused = failure(Secret255, secret, "auth_token");
    expect(refused?.reason).toBe("must be at most 255 characters");
    expect(`${refused?.message}${refused?.stack}`).not.toContain("s".repeat(20));
    expect(failure(Secret255, " padded secret ")).toBeUndefined();
    expect(failure(IpOrCidr, "fe80::1%eth0")).toBeDefined();
  });

  it("header values refuse line breaks (no header injection)", () => {
    expect(failure(HeaderValue, "acme")).toBeUndefined();
    for (const bad of ["", " acme", "ac\r\nX-Evil: 1", "ac\nme", "açme"])
      expect(failure(HeaderValue, bad)).toBeDefined();
  });

  it("names the failing field path inside params", () => {
    expect(
      failure(
        SipTrunkCreateParams,
        { name: "t", sip_url: "sip.example.com", source_ips: ["10.0.0.1", "nope"] },
        "",
      )?.field,
    ).toBe("source_ips[1]");
    expect(failure(BridgeCreateParams, { name: "  ", slug: "ok" }, "")?.field).toBe("name");
    expect(failure(BridgeCreateParams, { name: "Main" }, "")?.field).toBe("slug");
    expect(failure(BridgeCreateParams, "main", "")?.field).toBe("params");
    expect(
      failure(BridgeConnectParams, { provider_config_id: "1", phone_number: "+14155550100" }, "")?.field,
    ).toBe("provider_config_id");
    expect(failure(PageParams, { page: 0 }, "params")?.field).toBe("params.page");
    expect(failure(RequestOptionsSchema, { timeoutMs: -1 }, "options")?.field).toBe("options.timeoutMs");
    expect(failure(RequestOptionsSchema, { signal: {} }, "options")?.field).toBe("options.signal");
  });

  it("normalizes what it accepts", () => {
    expect(
      check(BridgeConnectParams, { provider_config_id: 3, phone_number: "+1 415 555 0100" }, ""),
    ).toEqual({
      provider_config_id: 3,
      phone_number: "+14155550100",
    });
    // Unknown keys are dropped, so only documented fields are ever sent.
    expect(check(SipTrunkUpdateParams, { port: 5062, bogus: 1 }, "")).toEqual({ port: "5062" });
  });

  it("formatPath writes JS-style paths", () => {
    expect(formatPath(["data", 3, "numbers", 0, "number_id"])).toBe("data[3].numbers[0].number_id");
    expect(formatPath([0, "id"])).toBe("[0].id");
    expect(formatPath(["page"], "params")).toBe("params.page");
    expect(formatPath([])).toBe("");
  });
});

describe("property: arbitrary input never throws anything but InvalidArgumentError", () => {
  const schemas: Record<string, z.ZodType> = {
    E164,
    Slug,
    Id,
    IdLike,
    Port,
    SipTransport,
    SipUrl,
    IpOrCidr,
    HeaderValue,
    PageParams,
    RequestOptionsSchema,
    BridgeCreateParams,
    BridgeConnectParams,
    ProviderConfigurationCreateParams,
    SipTrunkCreateParams,
    SipTrunkUpdateParams,
  };

  for (const [name, schema] of Object.entries(schemas)) {
    it(name, () => {
      fc.assert(
        fc.property(
          fc.anything({ withBigInt: true, withDate: true, withMap: true, withNullPrototype: true }),
          (value) => {
            try {
              check(schema, value, "v");
            } catch (e) {
              return e instanceof InvalidArgumentError && e.field.startsWith("v") && e.reason.length > 0;
            }
            return true;
          },
        ),
      );
    });
  }

  it("hostile objects (throwing getters, proxies) included", () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("boom");
        },
        ownKeys() {
          throw new Error("boom");
        },
      },
    );
    const getter = Object.defineProperty({}, "name", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    for (const v of [hostile, getter])
      expect(failure(BridgeCreateParams, v, "")).toBeInstanceOf(InvalidArgumentError);
  });

  it("phone numbers: accepted ones are exactly the E.164 ones", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const n = normalizeE164(s);
        return n === undefined || /^\+[1-9]\d{7,14}$/.test(n);
      }),
    );
    fc.assert(fc.property(fc.stringMatching(/^\+[1-9]\d{7,14}$/), (s) => normalizeE164(s) === s));
  });
});

describe("property: resource methods reject bad arguments with InvalidArgumentError, before any I/O", () => {
  // A closed port: an argument that passes the checks is sent and fails to connect.
  let client: VoiceClient;
  beforeAll(async () => {
    client = new VoiceClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      token: "tok-prop-1",
      maxRetries: 0,
    });
  });
  const anything = fc.anything({ withBigInt: true, withNullPrototype: true });
  const calls: Record<string, (a: unknown, b: unknown) => PromiseLike<unknown>> = {
    "bridges.create": (a) => client.bridges.create(a as never),
    "bridges.update": (a, b) => client.bridges.update(a as never, b as never),
    "bridges.connectProvider": (a, b) => client.bridges.connectProvider(a as never, b as never),
    "providerConfigurations.update": (a, b) => client.providerConfigurations.update(a as never, b as never),
    "trunks.create": (a) => client.trunks.create(a as never),
    "trunks.update": (a, b) => client.trunks.update(a as never, b as never),
    "spaces.retrieve": (a, b) => client.spaces.retrieve(a as never, b as never),
    "numbers.list": (a, b) => client.numbers.list(a as never, b as never),
  };
  for (const [name, call] of Object.entries(calls)) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(anything, anything, async (a, b) => {
          let outcome: unknown;
          try {
            await call(a, b);
          } catch (e) {
            outcome = e;
          }
          return (
            outcome instanceof InvalidArgumentError ||
            (outcome instanceof Error && outcome.name === "ConnectionError") ||
            (outcome instanceof Error && outcome.name === "AbortError") // b was an aborted signal's options
          );
        }),
        { numRuns: 60 },
      );
    });
  }
});
