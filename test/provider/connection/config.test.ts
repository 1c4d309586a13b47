import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  resolveImpactSettings,
  resolveSettings,
  VoiceConfigError,
} from "../../../provider/connection/config";
import { VoiceContext } from "../../../provider/connection/context";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { limitFor } from "../../fixtures/limits";
import { voiceConfig } from "../../fixtures/provider";

const lookupOf = (values: Record<string, string>) => (key: string) => values[key];

describe("resolveSettings", { timeout: limitFor(0) }, () => {
  it("reads stack config, then the environment", () => {
    const settings = resolveSettings(
      lookupOf({ "voice:baseUrl": "https://api.example.com", "voice:token": "t" }),
      {
        VOICE_ORG_HANDLE: "acme",
        VOICE_BASE_URL: "https://ignored.example.com",
      },
    );
    expect(settings).toMatchObject({ baseUrl: "https://api.example.com", token: "t", orgHandle: "acme" });
  });

  it("names every missing key with its command and environment variable", () => {
    const error = (() => {
      try {
        resolveSettings(lookupOf({}), {});
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(VoiceConfigError);
    expect(error?.message).toMatch(
      /voice:baseUrl is not set: run `pulumi config set voice:baseUrl <value>` or set VOICE_BASE_URL/,
    );
    expect(error?.message).toContain(
      "voice:token is not set: run `pulumi config set voice:token <value> --secret` or set VOICE_TOKEN (the platform API token; set it as a secret)",
    );
    expect(error?.message).toMatch(/voice:orgHandle is not set/);
  });

  it("rejects invalid knobs without echoing values", () => {
    const values = {
      "voice:baseUrl": "not a url",
      "voice:token": "secret-token-123",
      "voice:orgHandle": "acme",
      "voice:maxRetries": "-1",
    };
    expect(() => resolveSettings(lookupOf(values), {})).toThrow(
      /voice:baseUrl must be a URL[\s\S]*voice:maxRetries/,
    );
    try {
      resolveSettings(lookupOf(values), {});
    } catch (e) {
      expect((e as Error).message).not.toContain("secret-token-123");
    }
  });

  it("refuses plain http to a remote platform naming voice:baseUrl, and takes it on loopback", () => {
    const at = (baseUrl: string) =>
      lookupOf({ "voice:baseUrl": baseUrl, "voice:token": "t", "voice:orgHandle": "acme" });
    expect(() => resolveSettings(at("http://api.example.com"), {})).toThrow(
      "voice:baseUrl must use https: (plain http: only for localhost, 127.0.0.0/8 and [::1]): run `pulumi config set voice:baseUrl <value>` or set VOICE_BASE_URL",
    );
    expect(resolveSettings(at("http://127.0.0.1:8787"), {}).baseUrl).toBe("http://127.0.0.1:8787");
  });
});

describe("advice by whose settings they are", { timeout: limitFor(0) }, () => {
  it("an explicit provider's missing setting names its property, not stack config", () => {
    const error = (() => {
      try {
        resolveSettings(
          lookupOf({ "voice:token": "t", "voice:orgHandle": "acme" }),
          {},
          { provider: "globex" },
        );
      } catch (e) {
        return e as VoiceConfigError;
      }
    })();
    expect(error?.message).toContain(
      'baseUrl of provider "globex" is not set: set the `baseUrl` property of provider "globex" (or VOICE_BASE_URL)',
    );
    expect(error?.message).not.toContain("pulumi config set");
    expect(error?.settings).toEqual(["baseUrl"]);
  });

  it("the native default provider without settings names `pulumi import --provider`", () => {
    expect(() => resolveSettings(lookupOf({}), {}, { defaultProvider: true })).toThrow(
      /incomplete for the default provider:[\s\S]*pass `--provider <name>=<urn>` to `pulumi import`/,
    );
  });
});

describe("impact settings", { timeout: limitFor(0) }, () => {
  const failure = (values: Record<string, string>, env = {}, owner = {}) => {
    try {
      resolveImpactSettings(lookupOf(values), env, owner);
    } catch (e) {
      return e as VoiceConfigError;
    }
    throw new Error("expected the settings to be refused");
  };

  it("are off and unset by default, and need no connection setting", () => {
    expect(resolveImpactSettings(lookupOf({}), {})).toEqual({});
  });

  it("read stack config, then the environment (the acknowledgements only from config)", () => {
    const settings = resolveImpactSettings(
      lookupOf({
        "voice:impactWindowDays": "14",
        "voice:acknowledgeImpact": '[{"resource":"busy","reason":"CHG-42"}]',
      }),
      { VOICE_IMPACT: "true", VOICE_IMPACT_WINDOW_DAYS: "3", VOICE_IMPACT_RECENT_HOURS: "0.5" },
    );
    expect(settings).toMatchObject({ impact: true, impactWindowDays: 14, impactRecentHours: 0.5 });
    expect(settings.acknowledgeImpact?.reason("busy")).toBe("CHG-42");
  });

  it.each([
    [
      { "voice:impact": "yes" },
      "voice:impact must be true or false: run `pulumi config set voice:impact <value>` or set VOICE_IMPACT",
    ],
    [{ "voice:impactWindowDays": "0" }, "voice:impactWindowDays must be greater than 0: "],
    [{ "voice:impactWindowDays": "a week" }, "voice:impactWindowDays must be a number: "],
    [{ "voice:impactRecentHours": "-1" }, "voice:impactRecentHours must be greater than 0: "],
    [
      { "voice:acknowledgeImpact": '[{"reason":"no resource"}]' },
      "voice:acknowledgeImpact at [0].resource: must name the resource whose impact is acknowledged (its name in the program): " +
        "run `pulumi config set voice:acknowledgeImpact <value>`\n",
    ],
    [
      { "voice:acknowledgeImpact": '{"resource":"busy"}' },
      "voice:acknowledgeImpact must be a list of {resource, reason}: ",
    ],
  ])("refuses %j naming the setting and the rule", (values, message) => {
    const error = failure(values);
    expect(error).toBeInstanceOf(VoiceConfigError);
    expect(`${error.message}\n`).toContain(message);
    expect(error.message).not.toContain("pulumi import");
  });

  it("an explicit provider's bad setting names its property", () => {
    expect(failure({ "voice:impactWindowDays": "0" }, {}, { provider: "globex" }).message).toContain(
      'impactWindowDays of provider "globex" must be greater than 0: set the `impactWindowDays` property of provider "globex" (or VOICE_IMPACT_WINDOW_DAYS)',
    );
  });
});

describe("the organization guard", { timeout: limitFor(0) }, () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  }, limitFor(0));
  afterAll(() => emu.close(), limitFor(0));

  it("passes for an organization of the token, with one request", async () => {
    await emu.admin.clearRequests();
    const context = new VoiceContext(lookupOf(voiceConfig(emu)));
    await context.ready();
    await context.ready();
    expect((await emu.admin.requests()).map((r) => r.path)).toEqual(["/organizations/"]);
  });

  it("names voice:orgHandle and the usable handles for an unknown one", async () => {
    const context = new VoiceContext(lookupOf(voiceConfig(emu, { "voice:orgHandle": "initech" })));
    await expect(context.ready()).rejects.toThrow(
      /voice:orgHandle "initech" is not an organization this token can use \(it can use: acme, globex\)/,
    );
  });

  it("counts the usable handles instead of listing them when the token can use many, naming the closest", async () => {
    const fleet = await startTestEmulator({ organizations: 12, numbersPerOrganization: 1 });
    try {
      const context = new VoiceContext(lookupOf(voiceConfig(fleet, { "voice:orgHandle": "org-12" })));
      const error = await context.ready().then(
        () => undefined,
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
      expect(error).toMatch(/\(it can use 14 organizations; did you mean org-012\?\)/);
      expect(error).not.toMatch(/org-001/);
    } finally {
      await fleet.close();
    }
  });

  it("names an explicit provider's orgHandle property for an unknown one", async () => {
    const lookup = lookupOf(voiceConfig(emu, { "voice:orgHandle": "initech" }));
    await expect(new VoiceContext(lookup, { provider: "globex" }).ready()).rejects.toThrow(
      'orgHandle "initech" of provider "globex" is not an organization this token can use (it can use: acme, globex): set the `orgHandle` property of provider "globex"',
    );
  });

  it("knows the organizations of the token, and reaches another one with the same settings", async () => {
    const context = new VoiceContext(lookupOf(voiceConfig(emu)));
    expect(await context.organizations()).toEqual({ current: "acme", usable: ["acme", "globex"] });
    expect((await context.inOrganization("globex").organizations()).current).toBe("globex");
  });

  it("lists the organizations once: a context in another organization reuses the list", async () => {
    const context = new VoiceContext(lookupOf(voiceConfig(emu)));
    await context.ready();
    const before = (await emu.admin.requests()).length;
    const other = context.inOrganization("globex");
    expect((await other.organizations()).usable).toEqual(["acme", "globex"]);
    const listed = (await emu.admin.requests())
      .slice(before)
      .filter((r) => r.path.startsWith("/organizations"));
    expect(listed).toEqual([]);
  });

  it("names voice:token when the platform refuses it, without echoing it", async () => {
    const context = new VoiceContext(lookupOf(voiceConfig(emu, { "voice:token": "wrong-token-xyz" })));
    const error = (await context.ready().catch((e: Error) => e)) as Error;
    expect(error.message).toMatch(/refused voice:token .*401/);
    expect(error.message).not.toContain("wrong-token-xyz");
  });
});
