import type * as dynamic from "@pulumi/pulumi/dynamic";
import { beforeAll, describe, expect, it } from "vitest";
import { VoiceConfigError } from "../../../provider/connection/config";
import { runtimeContext } from "../../../provider/connection/context-cache";
import { checkLinkOnPlatform, PreviewLookups } from "../../../provider/links/preview-lookups";
import { nativeProvider } from "../../../provider/plugin/provider";
import { BRIDGE } from "../../../provider/resources/bridge/descriptor";
import { BRIDGE_NUMBER } from "../../../provider/resources/bridge-number-link/descriptor";
import { BridgeNumberInputs } from "../../../provider/resources/bridge-number-link/schema";
import { BRIDGE_NUMBERS } from "../../../provider/resources/bridge-number-set/descriptor";
import { PROVIDER_CONFIGURATION } from "../../../provider/resources/provider-configuration/descriptor";
import { SIP_TRUNK } from "../../../provider/resources/sip-trunk/descriptor";
import { checkWith } from "../../../provider/runtime/check";
import { UNKNOWN } from "../../../provider/runtime/fields";
import { serve } from "../../../provider/runtime/serve";
import { VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor, closedPort } from "../../fixtures/http";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { checked, configureRuntime } from "../../fixtures/provider";

const bridge = serve(BRIDGE);
const bridgeNumber = serve(BRIDGE_NUMBER);
const bridgeNumbers = serve(BRIDGE_NUMBERS);
const providerConfiguration = serve(PROVIDER_CONFIGURATION);
const sipTrunk = serve(SIP_TRUNK);

// What `check` refuses at preview beyond the shape of each value: secrets never shown, unknown
// properties, and what only the platform knows (configurations and numbers of the organization).

const emu = useEmulator({}, { reset: false });
beforeAll(async () => {
  await configureRuntime(emu);
});

/** A 300-character secret whose every 20-character window is distinct and unlike any message text. */
const LONG_SECRET = Array.from({ length: 30 }, (_, i) => `Zq${String(i).padStart(2, "0")}x7Kw9J`).join("");

/** Asserts that no 20-character piece of `secret` appears in `result`. */
function expectNoSecret(result: unknown, secret: string): void {
  const text = JSON.stringify(result);
  for (let i = 0; i + 20 <= secret.length; i++) expect(text).not.toContain(secret.slice(i, i + 20));
}

describe("secrets in check failures", () => {
  it("never quotes or names an auth token that breaks a rule, whatever the rule", async () => {
    expect(LONG_SECRET).toHaveLength(300);
    for (const authToken of [LONG_SECRET, `${LONG_SECRET} `, LONG_SECRET.slice(0, 256)]) {
      const result = await providerConfiguration.check!(
        {},
        { provider: "twilio", accountSid: DEMO_ACCOUNT, authToken },
      );
      expect(result.failures).toEqual([
        { property: "", reason: "authToken must be at most 255 characters (its value is secret)" },
      ]);
      expectNoSecret(result, authToken);
    }
  });

  it("keeps a valid token out of a result that fails on another property", async () => {
    const token = LONG_SECRET.slice(0, 200);
    const result = await providerConfiguration.check!(
      {},
      { provider: "acme-tel", accountSid: DEMO_ACCOUNT, authToken: token },
    );
    expect(result.failures?.[0]?.property).toBe("provider");
    expectNoSecret(result, token);
  });

  it("never quotes a SIP password, nor a secret typed under a misspelt name", async () => {
    const tooLong = await sipTrunk.check!(
      {},
      { name: "edge", sipUrl: "sip.example.com", authPassword: LONG_SECRET },
    );
    expect(tooLong.failures).toEqual([
      { property: "", reason: "authPassword must be at most 255 characters (its value is secret)" },
    ]);
    expectNoSecret(tooLong, LONG_SECRET);
    const misspelt = await sipTrunk.check!(
      {},
      { name: "edge", sipUrl: "sip.example.com", authPasword: LONG_SECRET },
    );
    expect(misspelt.failures).toEqual([
      { property: "", reason: 'unknown property "authPasword"; did you mean "authPassword"?' },
    ]);
    expectNoSecret(misspelt, LONG_SECRET);
    const wrongType = await sipTrunk.check!(
      {},
      { name: "edge", sipUrl: "sip.example.com", authPassword: 42 },
    );
    expect(wrongType.failures).toEqual([
      { property: "", reason: "authPassword must be a string (its value is secret)" },
    ]);
  });
});

describe("unknown properties", () => {
  it("names the property and the closest known one", async () => {
    const result = await bridge.check!({}, { nmae: "Main", name: "Main", slug: "main" });
    expect(result.failures).toEqual([
      { property: "nmae", reason: 'unknown property "nmae"; did you mean "name"?' },
    ]);
  });

  it("lists the known properties when nothing is close", async () => {
    const result = await bridge.check!({}, { name: "Main", slug: "main", region: "eu" });
    expect(result.failures).toEqual([
      { property: "region", reason: 'unknown property "region"; known properties: name, slug, adopt' },
    ]);
  });

  it("leaves the engine's __provider alone", async () => {
    expect(await checked(bridge, { name: "Main", slug: "main", __provider: "text" })).toEqual({
      name: "Main",
      slug: "main",
    });
  });
});

describe("values the platform refuses", () => {
  it.each(["0x1", "1e0", "+1", "-1", "1 0", " ", "1.0"])(
    "refuses providerConfigurationId %j",
    async (providerConfigurationId) => {
      const result = checkWith(BridgeNumberInputs, {
        bridgeSlug: "main",
        providerConfigurationId,
        phoneNumber: "+14155550100",
      });
      expect(result.failures?.map((f) => f.property)).toEqual(["providerConfigurationId"]);
    },
  );

  it("refuses a phone number given as a number, naming the value, in the dynamic and the native check", async () => {
    const news = { bridgeSlug: "main", providerConfigurationId: 1, phoneNumber: 14155550100 };
    const reason = expect.stringMatching(
      /^must be a string such as "\+14155550100", not the number 14155550100 \(.*`pulumi config set --path .* --type string/,
    );
    expect((await bridgeNumber.check!({}, news)).failures).toEqual([{ property: "phoneNumber", reason }]);
    const native = await nativeProvider("0.0.0", "{}").check!(
      "urn:pulumi:dev::proj::voice:index:BridgeNumber::n0",
      {},
      news,
    );
    expect(native.failures).toEqual([{ property: "phoneNumber", reason }]);
  });

  it.each(["sip:", "-bad-.example", "a..b", "@@@"])("refuses sipUrl %j", async (sipUrl) => {
    const result = await sipTrunk.check!({}, { name: "edge", sipUrl });
    expect(result.failures?.map((f) => f.property)).toEqual(["sipUrl"]);
  });

  it("accepts a bracketed IPv6 sipUrl and stores one IP written two ways once", async () => {
    const inputs = await checked(sipTrunk, {
      name: "edge",
      sipUrl: "[2001:db8::1]",
      allowedIps: ["2001:db8::1", "2001:0db8:0:0::1", "10.0.0.0/8"],
    });
    expect(inputs).toMatchObject({ sipUrl: "[2001:db8::1]", allowedIps: ["10.0.0.0/8", "2001:db8::1"] });
  });
});

describe("what only the platform knows, from cached lookups", () => {
  let configId: number;
  beforeAll(async () => {
    const created = await providerConfiguration.create(
      await checked(providerConfiguration, { provider: "twilio", accountSid: DEMO_ACCOUNT, authToken: "t" }),
    );
    configId = Number(created.id);
  });

  const link = (extra: Record<string, unknown>) => ({
    bridgeSlug: "main",
    providerConfigurationId: configId,
    phoneNumber: "+14155550100",
    ...extra,
  });
  const set = (numbers: string[]) => ({
    bridgeSlug: "main",
    numbers: numbers.map((phoneNumber) => ({ phoneNumber, providerConfigurationId: configId })),
  });

  // What preview refuses, one row per rule: the engine shows each failure the same way (one engine
  // case per mechanism is test/e2e/resources/preview-validation.test.ts's), so the rules are proven here.
  it.each<[string, () => ReturnType<NonNullable<typeof bridge.check>>, string, RegExp]>([
    [
      "a slug not lowercase",
      () => bridge.check!({}, { name: "Main", slug: "Not A Slug" }),
      "slug",
      /^must be 1-64 lowercase/,
    ],
    [
      "a typo",
      () => sipTrunk.check!({}, { name: "edge", sipUrl: "sip.acme.example", nmae: "Edge" }),
      "nmae",
      /did you mean "name"\?/,
    ],
    [
      "an unknown transport",
      () => sipTrunk.check!({}, { name: "edge", sipUrl: "sip.acme.example", transport: "sctp" }),
      "transport",
      /^must be/,
    ],
    [
      "a port out of range",
      () => sipTrunk.check!({}, { name: "edge", sipUrl: "sip.acme.example", port: "70000" }),
      "port",
      /^must be/,
    ],
    [
      "a sipUrl of a scheme only",
      () => sipTrunk.check!({}, { name: "edge", sipUrl: "sip:" }),
      "sipUrl",
      /^must be a host name, an IP address/,
    ],
    [
      "a provider not in the catalogue",
      () =>
        providerConfiguration.check!(
          {},
          { provider: "acme-telecom", accountSid: DEMO_ACCOUNT, authToken: "t" },
        ),
      "provider",
      /^"acme-telecom" is not in the provider catalogue \(twilio, plivo/,
    ],
    [
      "a malformed number",
      () => bridgeNumber.check!({}, link({ phoneNumber: "555-0100" })),
      "phoneNumber",
      /^must be an E\.164 phone number/,
    ],
    [
      "a hexadecimal configuration id",
      () => bridgeNumber.check!({}, link({ providerConfigurationId: "0x1" })),
      "providerConfigurationId",
      /^must be a positive integer id/,
    ],
    [
      "another organization's number",
      () => bridgeNumber.check!({}, link({ phoneNumber: "+12125550100" })),
      "phoneNumber",
      /^\+12125550100 is not a number of organization acme/,
    ],
    [
      "a set's malformed number, with the value the program gave",
      () => bridgeNumbers.check!({}, set(["+14155550100", "555-0100"])),
      "",
      /^property numbers\[1\]\.phoneNumber value "555-0100" has a problem: must be an E\.164/,
    ],
    [
      "a number twice in a set, written two ways",
      () => bridgeNumbers.check!({}, set(["+14155550104", "+14155550105", "+1 415 555 0105"])),
      "",
      /^property numbers\[2\]\.phoneNumber value "\+1 415 555 0105" has a problem: \+14155550105 is declared twice in the set \(numbers\[1\] too\)/,
    ],
  ])("refuses %s, naming the property", async (_case, check, property, reason) => {
    const result = await check();
    expect(result.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
  });

  it("accepts a configuration and a number of the organization", async () => {
    expect(await checked(bridgeNumber, link({}))).toMatchObject({ providerConfigurationId: configId });
  });

  it("names a configuration id the organization does not have, listing the ones it has", async () => {
    const result = await bridgeNumber.check!({}, link({ providerConfigurationId: 99 }));
    expect(result.failures).toEqual([
      {
        property: "providerConfigurationId",
        reason: expect.stringMatching(
          new RegExp(
            `^99 is not a provider configuration of organization acme \\(it has: (\\d+, )*${configId}\\)$`,
          ),
        ),
      },
    ]);
  });

  it.each([
    ["+12125550100", /neither for the organization nor in the pool \(another organization's/],
    ["+18005550100", /in the platform's pool/],
    ["+19995550100", /neither for the organization nor in the pool/],
  ])("names %s, which is not a number of the organization", async (phoneNumber, why) => {
    const result = await bridgeNumber.check!({}, link({ phoneNumber }));
    expect(result.failures?.map((f) => f.property)).toEqual(["phoneNumber"]);
    expect(result.failures?.[0]?.reason).toMatch(
      new RegExp(`^\\${phoneNumber} is not a number of organization acme`),
    );
    expect(result.failures?.[0]?.reason).toMatch(why);
  });

  it("skips what the engine does not know yet", async () => {
    const result = await bridgeNumber.check!(
      {},
      link({ providerConfigurationId: UNKNOWN, phoneNumber: UNKNOWN }),
    );
    expect(result.failures ?? []).toEqual([]);
  });

  it("reads each list once for any number of resources, and once more for a configuration made since", async () => {
    const lookups = new PreviewLookups(() => runtimeContext().ready());
    const check = (extra: Record<string, unknown>) =>
      checkLinkOnPlatform(checkWith(BridgeNumberInputs, link(extra)), () => lookups);
    await emu.admin.clearRequests();
    const numbers = Array.from({ length: 10 }, (_, i) => `+1415555010${i}`);
    const results = await Promise.all(numbers.map((phoneNumber) => check({ phoneNumber })));
    expect(results.flatMap((r) => r.failures ?? [])).toEqual([]);
    const lists = async () =>
      (await emu.admin.requests()).filter(
        (r) => r.method === "GET" && r.path !== "/api/v2/platform/organizations/",
      );
    expect((await lists()).length).toBe(3); // configurations, own numbers + pool, pool

    const made = await clientFor(emu).providerConfigurations.create({
      provider: "plivo",
      account_sid: "MA0000000000000000A1",
      auth_token: "t",
    });
    expect((await check({ providerConfigurationId: made.id })).failures ?? []).toEqual([]);
    expect((await lists()).length).toBe(4);
  });

  it("passes without these rules when the platform cannot be reached", async () => {
    const port = await closedPort();
    const offline = new VoiceClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: "t",
      orgHandle: "acme",
      maxRetries: 0,
    });
    const result = checkWith(BridgeNumberInputs, link({ providerConfigurationId: 99 }));
    const checkedOffline = await checkLinkOnPlatform(result, () => new PreviewLookups(async () => offline));
    expect(checkedOffline).toEqual(result);
  });

  it("forgets a failed read, so the next check asks the platform again", async () => {
    let calls = 0;
    const lookups = new PreviewLookups(async () => {
      calls++;
      if (calls === 1) throw new Error("connection reset");
      return runtimeContext().ready();
    });
    const result = checkWith(BridgeNumberInputs, link({ providerConfigurationId: 99 }));
    expect(await checkLinkOnPlatform(result, () => lookups)).toEqual(result);
    const again = await checkLinkOnPlatform(result, () => lookups);
    expect(again.failures?.map((f) => f.property)).toEqual(["providerConfigurationId"]);
  });

  it("fails on a configuration problem, which every operation would meet", async () => {
    const broken = new PreviewLookups(() => Promise.reject(new VoiceConfigError("voice:token is not set")));
    const result: dynamic.CheckResult = checkWith(BridgeNumberInputs, link({}));
    await expect(checkLinkOnPlatform(result, () => broken)).rejects.toThrow(/voice:token/);
  });
});
