import type * as dynamic from "@pulumi/pulumi/dynamic";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { BRIDGE } from "../../../provider/resources/bridge/descriptor";
import { BridgeNumberInputs } from "../../../provider/resources/bridge-number/schema";
import { PROVIDER_CONFIGURATION } from "../../../provider/resources/provider-configuration/descriptor";
import { SIP_TRUNK } from "../../../provider/resources/sip-trunk/descriptor";
import { checkWith } from "../../../provider/runtime/check";
import { serve } from "../../../provider/runtime/serve";
import { useEmulator } from "../../fixtures/emulator";
import { configureRuntime } from "../../fixtures/provider";

const bridge = serve(BRIDGE);
const providerConfiguration = serve(PROVIDER_CONFIGURATION);
const sipTrunk = serve(SIP_TRUNK);

const emu = useEmulator({}, { reset: false });
beforeAll(async () => {
  await configureRuntime(emu); // ProviderConfiguration's check reads the catalogue
});

const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0);
const slug = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,20}[a-z0-9])?$/);
const phone = fc
  .tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 14 }),
    fc.boolean(),
  )
  .map(([first, rest, formatted]) => {
    const digits = `${first}${rest.join("")}`;
    return formatted ? `+${digits.slice(0, 1)} (${digits.slice(1, 4)}) ${digits.slice(4)}` : `+${digits}`;
  });
const ip = fc.oneof(fc.ipV4(), fc.ipV6());

interface Case {
  provider: Pick<dynamic.ResourceProvider, "check">;
  valid: fc.Arbitrary<Record<string, unknown>>;
  invalid: Record<string, fc.Arbitrary<unknown>>;
}

const CASES: Record<string, Case> = {
  Bridge: {
    provider: bridge,
    valid: fc.record({ name: text, slug }),
    invalid: {
      name: fc.constantFrom("", "   ", "x".repeat(300), 42),
      slug: fc.constantFrom("Upper", "has space", "-lead", "a_b", ""),
    },
  },
  BridgeNumber: {
    // The input rules alone: the platform's (configuration and number of the organization) are in runtime/check-rules.test.ts.
    provider: {
      check: async (_olds: unknown, news: Record<string, unknown>) => checkWith(BridgeNumberInputs, news),
    },
    valid: fc.record({
      bridgeSlug: slug,
      providerConfigurationId: fc.oneof(fc.integer({ min: 1 }), fc.integer({ min: 1 }).map(String)),
      phoneNumber: phone,
    }),
    invalid: {
      phoneNumber: fc.constantFrom("4155550100", "+0123456789", "+1-abc", "+1"),
      providerConfigurationId: fc.constantFrom(0, -3, "x", 1.5, "0x1", "1e3", "+7", "1 2", "-1", 2 ** 60),
    },
  },
  SipTrunk: {
    provider: sipTrunk,
    valid: fc.record(
      {
        name: text,
        transport: fc.constantFrom("tcp", "UDP", " tls "),
        port: fc.oneof(fc.integer({ min: 1, max: 65535 }), fc.integer({ min: 1, max: 65535 }).map(String)),
        allowedIps: fc.array(ip, { maxLength: 5 }),
        sipUrl: fc.oneof(
          fc.domain(),
          fc.ipV4(),
          fc.ipV6().map((a) => `[${a}]`),
          fc.domain().map((d) => `sip:${d}`),
        ),
      },
      { requiredKeys: ["name", "sipUrl"] },
    ),
    invalid: {
      transport: fc.constantFrom("sctp", "", "http"),
      port: fc.constantFrom(0, 70000, "abc", "5060x"),
      allowedIps: fc.constantFrom(["999.1.1.1"], ["abc"], "10.0.0.1", ["10.0.0.0/33"], ["fe80::1%eth0"]),
      sipUrl: fc.constantFrom("sip:", "-bad-.example", "a..b", "@@@", "host:5060", ""),
    },
  },
  ProviderConfiguration: {
    provider: providerConfiguration,
    valid: fc.record({
      provider: fc.constantFrom("twilio", "Plivo", " telnyx "),
      accountSid: text,
      authToken: text,
    }),
    invalid: {
      provider: fc.constantFrom("nope", ""),
      accountSid: fc.constantFrom("", "  "),
      authToken: fc.constantFrom("", 7, "t".repeat(256)),
    },
  },
};

/** The property a failure names: its `property`, or for a secret (named in the reason only) the reason's first word. */
/** The property a failure names: its own, else the first word of its reason (`property <path> value …` for a nested one). */
const named = (f: dynamic.CheckFailure): string =>
  f.property || (/^property (\S+)/.exec(f.reason)?.[1] ?? f.reason.split(" ")[0] ?? "");

describe.each(Object.entries(CASES))("%s check", (_type, { provider, valid, invalid }) => {
  const knownKeys = Object.keys(invalid);

  it("never throws on arbitrary input, and every failure names a property", async () => {
    const arbitraryInput = fc.dictionary(fc.constantFrom(...knownKeys, "name", "extra"), fc.anything(), {
      maxKeys: 6,
    });
    await fc.assert(
      fc.asyncProperty(arbitraryInput, async (news) => {
        const result = await provider.check!({}, news);
        for (const failure of result.failures ?? []) {
          expect(named(failure).length).toBeGreaterThan(0);
          expect(failure.reason.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("accepts valid input and normalizes idempotently", async () => {
    await fc.assert(
      fc.asyncProperty(valid, async (news) => {
        const first = await provider.check!({}, news);
        expect(first.failures ?? []).toEqual([]);
        const second = await provider.check!({}, first.inputs);
        expect(second.failures ?? []).toEqual([]);
        expect(second.inputs).toEqual(first.inputs);
      }),
      { numRuns: 100 },
    );
  });

  it("fails invalid input naming the broken property", async () => {
    const broken = fc.constantFrom(...knownKeys).chain((key) => fc.tuple(fc.constant(key), invalid[key]!));
    await fc.assert(
      fc.asyncProperty(valid, broken, async (news, [key, bad]) => {
        const result = await provider.check!({}, { ...news, [key]: bad });
        const properties = (result.failures ?? []).map(named);
        expect(properties.some((p) => p === key || p.startsWith(`${key}[`))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
