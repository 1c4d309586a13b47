// What `check` refuses, through the real engine: each bad program fails `pulumi preview` naming
// the property, nothing is written, and no secret appears in the engine's output.

import { beforeEach, describe, expect, it } from "vitest";
import { VoiceClient } from "../../sdk";
import { DEMO_ACCOUNT as ACCOUNT } from "../fixtures/platform";
import { upOnly } from "../fixtures/stack-up";
import { OP_TIMEOUT_MS, type ProgramSpec, SECRETS, startFresh, useVoiceStack } from "../fixtures/voice-stack";

const ctx = useVoiceStack();

/** 300 characters whose every 20-character window is distinct. */
const LONG_SECRET = Array.from({ length: 30 }, (_, i) => `Qv${String(i).padStart(2, "0")}m3Rt8P`).join("");

/** The engine's output of a preview that must fail. */
async function failedPreview(): Promise<string> {
  let output = "";
  const error = await ctx.voice.stack.preview({ onOutput: (line) => (output += line) }).then(
    () => undefined,
    (e: Error) => e,
  );
  if (!error) throw new Error(`the preview succeeded:\n${output}`);
  return `${output}\n${error.message}`;
}

/** Asserts that no 20-character piece of `secret` is in `text`. */
function expectNoSecret(text: string, secret: string): void {
  for (let i = 0; i + 20 <= secret.length; i++) expect(text).not.toContain(secret.slice(i, i + 20));
}

const bridge = { name: "main", bridgeName: "Main", slug: "main" };
const config = { name: "twilio", provider: "twilio", accountSid: ACCOUNT };
const trunk = (extra: Record<string, unknown>) => ({ name: "edge", sipUrl: "sip.acme.example", ...extra });

describe("preview refuses what the platform would refuse", { timeout: OP_TIMEOUT_MS }, () => {
  beforeEach(async () => {
    await startFresh(ctx);
    await ctx.voice.stack.setAllConfig({
      authToken: { value: SECRETS.authToken, secret: true },
      sipPassword: { value: SECRETS.sipPassword, secret: true },
    });
  }, OP_TIMEOUT_MS);

  // The engine stops at the first resource that fails check, so each secret has a program of its own.
  it.each<[string, ProgramSpec, RegExp]>([
    [
      "authToken",
      { configurations: [config] },
      /voice:ProviderConfiguration resource 'twilio' has a problem: authToken must be at most 255 characters/,
    ],
    [
      "authPassword",
      { trunks: [trunk({ password: true })] },
      /voice:SipTrunk resource 'edge' has a problem: authPassword must be at most 255 characters/,
    ],
  ])("masks a 300-character %s in the failure", async (_secret, spec, message) => {
    await ctx.voice.stack.setAllConfig({
      authToken: { value: LONG_SECRET, secret: true },
      sipPassword: { value: LONG_SECRET, secret: true },
    });
    await ctx.voice.declare(spec);
    const output = await failedPreview();
    expect(output).toMatch(message);
    expectNoSecret(output, LONG_SECRET);
  });

  it.each<[string, ProgramSpec, RegExp]>([
    [
      "a typo",
      { trunks: [trunk({ nmae: "Edge" })] },
      /voice:SipTrunk resource 'edge': property nmae .*has a problem: unknown property "nmae"; did you mean "name"\?/,
    ],
    [
      "a hexadecimal id",
      {
        bridges: [bridge],
        numbers: [{ name: "n0", bridge: "main", configuration: "0x1", phoneNumber: "+14155550100" }],
      },
      /voice:BridgeNumber resource 'n0': property providerConfigurationId .*has a problem: must be a positive integer id/,
    ],
    // One bad sipUrl shows how the engine reports the rule; the rule's other refusals ("-bad-.example",
    // "a..b", "@@@", ...) are test/provider/runtime/check-rules.test.ts's and fields.test.ts's.
    [
      "sipUrl sip:",
      { trunks: [trunk({ sipUrl: "sip:" })] },
      /voice:SipTrunk resource 'edge': property sipUrl .*has a problem: must be a host name, an IP address/,
    ],
    [
      "a configuration id of no configuration",
      {
        bridges: [bridge],
        numbers: [{ name: "n0", bridge: "main", configuration: 99, phoneNumber: "+14155550100" }],
      },
      /property providerConfigurationId .*has a problem: 99 is not a provider configuration of organization acme \(it has: none\)/,
    ],
    [
      "another organization's number",
      {
        configurations: [config],
        bridges: [bridge],
        numbers: [{ name: "n0", bridge: "main", configuration: "twilio", phoneNumber: "+12125550100" }],
      },
      /voice:BridgeNumber resource 'n0': property phoneNumber .*has a problem: \+12125550100 is not a number of organization acme/,
    ],
    [
      "a phone number that is a number, as `pulumi config set --path` stores +14155550100",
      {
        configurations: [config],
        bridges: [bridge],
        numbers: [{ name: "n0", bridge: "main", configuration: "twilio", phoneNumber: 14155550100 }],
      },
      /voice:BridgeNumber "n0": phoneNumber must be a string such as "\+14155550100", not the number 14155550100/,
    ],
    [
      "one number in two BridgeNumbers",
      {
        configurations: [config],
        bridges: [bridge, { name: "other", bridgeName: "Other", slug: "other" }],
        numbers: [
          { name: "n0", bridge: "main", configuration: "twilio", phoneNumber: "+14155550100" },
          { name: "n1", bridge: "other", configuration: "twilio", phoneNumber: "+1 (415) 555-0100" },
        ],
      },
      /BridgeNumber "n1" declares phone number \+14155550100, which BridgeNumber "n0" already declares/,
    ],
    [
      "a set's malformed number, shown with the value the program gave",
      {
        configurations: [config],
        bridges: [bridge],
        sets: [
          {
            name: "s0",
            bridge: "main",
            numbers: [
              { configuration: "twilio", phoneNumber: "+14155550100" },
              { configuration: "twilio", phoneNumber: "555-0100" },
            ],
          },
        ],
      },
      /voice:BridgeNumbers resource 's0' has a problem: property numbers\[1\]\.phoneNumber value "555-0100" has a problem: /,
    ],
  ])("fails %s at preview, naming the property, with nothing written", async (_case, spec, message) => {
    await ctx.voice.declare(spec);
    const output = await failedPreview();
    expect(output).toMatch(message);
    expect(output).not.toMatch(/\n\s+at .*\.js:\d+/); // no stack trace
    expectNoSecret(output, SECRETS.authToken);
    const writes = (await ctx.emu.admin.requests()).filter((r) => r.method !== "GET");
    expect(writes).toEqual([]);
  });

  it("accepts a bracketed IPv6 sipUrl and stores one IP written two ways once", async () => {
    await ctx.voice.declare({
      trunks: [
        trunk({ sipUrl: "[2001:db8::1]", allowedIps: ["2001:db8::1", "2001:0DB8:0:0::1", "10.0.0.0/8"] }),
      ],
    });
    await upOnly(ctx.voice.stack);
    const client = new VoiceClient({
      baseUrl: ctx.emu.url,
      token: ctx.emu.token,
      orgHandle: ctx.emu.orgHandle,
    });
    const [stored] = (await client.trunks.list()).data;
    expect(stored).toMatchObject({ sip_url: "[2001:db8::1]", allowed_ips: "10.0.0.0/8,2001:db8::1" });
    const again = await ctx.voice.stack.preview();
    expect(again.changeSummary).toEqual({ same: 2 });
  });
});
