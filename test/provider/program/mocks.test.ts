import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import * as program from "../../../provider";
import { mockRegistrations, type Registration } from "../../fixtures/mock-monitor";

let registrations: Registration[] = [];
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

beforeAll(async () => {
  registrations = await mockRegistrations((inputs) => ({ ...inputs, slug: inputs.slug }));
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const registered = (name: string) => {
  const found = registrations.find((r) => r.name === name);
  if (!found) throw new Error(`${name} was not registered`);
  return found;
};

describe("a program under mocks", () => {
  it("registers each resource under its voice type token", async () => {
    const { Bridge, BridgeNumber, ProviderConfiguration, SipTrunk } = program;
    const config = new ProviderConfiguration("twilio", {
      provider: "twilio",
      accountSid: "AC1",
      authToken: "tok-secret",
    });
    const bridge = new Bridge("main", { name: "Main", slug: "main" });
    new BridgeNumber("main-0100", {
      bridgeSlug: bridge.slug,
      providerConfigurationId: config.id,
      phoneNumber: "+14155550100",
    });
    new SipTrunk("primary", { name: "Primary", sipUrl: "sip.example.com", authPassword: "sip-secret" });
    await settle();

    expect(registered("twilio").type).toBe("pulumi-nodejs:dynamic/voice:ProviderConfiguration");
    expect(registered("main").type).toBe("pulumi-nodejs:dynamic/voice:Bridge");
    expect(registered("main-0100").type).toBe("pulumi-nodejs:dynamic/voice:BridgeNumber");
    expect(registered("primary").type).toBe("pulumi-nodejs:dynamic/voice:SipTrunk");
  });

  it("makes a BridgeNumber depend on its Bridge and ProviderConfiguration", () => {
    const deps = registered("main-0100").dependencies;
    expect(deps).toContain("urn:pulumi:dev::voice-test::pulumi-nodejs:dynamic/voice:Bridge::main");
    expect(deps).toContain(
      "urn:pulumi:dev::voice-test::pulumi-nodejs:dynamic/voice:ProviderConfiguration::twilio",
    );
  });

  it("sends auth token and SIP password as secrets and lists them as secret outputs", () => {
    const config = registered("twilio");
    expect(config.additionalSecretOutputs).toEqual(["authToken"]);
    expect(config.object.authToken).toMatchObject({ [SECRET_SIG]: expect.any(String), value: "tok-secret" });
    const trunk = registered("primary");
    expect(trunk.additionalSecretOutputs).toEqual(["authPassword"]);
    expect(trunk.object.authPassword).toMatchObject({
      [SECRET_SIG]: expect.any(String),
      value: "sip-secret",
    });
  });

  it("serializes one small forwarding provider per type, holding no schema, client or secret", () => {
    for (const name of ["twilio", "main", "main-0100", "primary"]) {
      const text = registered(name).object.__provider;
      expect(typeof text).toBe("string");
      expect((text as string).length).toBeLessThan(2_500);
      expect(text).toContain('require("pulumi-voice-platform/runtime")');
      for (const forbidden of ["zod", "VoiceClient", "undici", "tok-secret", "sip-secret", "Token "]) {
        expect(text).not.toContain(forbidden);
      }
    }
  });

  it("reads an existing resource by id with Resource.get", async () => {
    const { Bridge } = program;
    const existing = Bridge.get("existing", "legacy-bridge");
    await settle();
    const id = await new Promise((resolve) => existing.id.apply(resolve));
    expect(id).toBe("legacy-bridge");
  });
});

describe("one number declared twice in a program", () => {
  /** Runs `declare` and answers the rejections nobody handled (how the Pulumi runtime meets a failed apply). */
  async function unhandled(declare: () => void): Promise<unknown[]> {
    const seen: unknown[] = [];
    const others = process.listeners("unhandledRejection");
    process.removeAllListeners("unhandledRejection");
    const capture = (reason: unknown) => seen.push(reason);
    process.on("unhandledRejection", capture);
    try {
      declare();
      await settle();
    } finally {
      process.off("unhandledRejection", capture);
      for (const listener of others) process.on("unhandledRejection", listener);
    }
    return seen;
  }

  it("fails naming both resources and the number, without a stack trace", async () => {
    const { BridgeNumber } = program;
    const errors = await unhandled(() => {
      new BridgeNumber("first", { bridgeSlug: "a", providerConfigurationId: 1, phoneNumber: "+14155550177" });
      new BridgeNumber("second", {
        bridgeSlug: "b",
        providerConfigurationId: 1,
        phoneNumber: pulumi.output("+1 (415) 555-0177"),
      });
    });
    // One error, met by each promise chain of the output; the runtime reports an error object once.
    expect(new Set(errors).size).toBe(1);
    const error = errors[0] as pulumi.ResourceError;
    expect(pulumi.ResourceError.isInstance(error)).toBe(true);
    expect(error.hideStack).toBe(true);
    expect(error.message).toMatch(
      /BridgeNumber "second" .*\+14155550177.* BridgeNumber "first" already declares/,
    );
  });

  it("accepts distinct numbers, and a lookup of a declared one", async () => {
    const { BridgeNumber } = program;
    const errors = await unhandled(() => {
      new BridgeNumber("third", { bridgeSlug: "a", providerConfigurationId: 1, phoneNumber: "+14155550178" });
      new BridgeNumber("fourth", {
        bridgeSlug: "a",
        providerConfigurationId: 1,
        phoneNumber: "+14155550179",
      });
      BridgeNumber.get("third-again", "a/1/+14155550178");
    });
    expect(errors).toEqual([]);
  });
});

describe("a phone number that is not a string (`pulumi config set --path` reads +14155550100 as a number)", () => {
  const number = 14155550100 as unknown as string;
  const failure = (declare: () => void): pulumi.RunError => {
    try {
      declare();
    } catch (e) {
      expect(pulumi.RunError.isInstance(e)).toBe(true); // printed as its message alone, no stack
      return e as pulumi.RunError;
    }
    throw new Error("the declaration was accepted");
  };

  it("as the resource's name: fails at once, naming the type and the value", () => {
    const { BridgeNumber } = program;
    const error = failure(
      () => new BridgeNumber(number, { bridgeSlug: "a", providerConfigurationId: 1, phoneNumber: number }),
    );
    expect(error.message).toMatch(
      /^voice:BridgeNumber resource name must be a string, not the number 14155550100 \(.*--type string/,
    );
  });

  it("as phoneNumber: fails at once, naming the resource and the value", () => {
    const { BridgeNumber } = program;
    const error = failure(
      () => new BridgeNumber("n0", { bridgeSlug: "a", providerConfigurationId: 1, phoneNumber: number }),
    );
    expect(error.message).toMatch(
      /^voice:BridgeNumber "n0": phoneNumber must be a string such as "\+14155550100", not the number 14155550100 \(.*--type string/,
    );
  });
});
