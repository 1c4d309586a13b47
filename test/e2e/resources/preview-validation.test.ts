// How the engine surfaces what preview refuses, one case per mechanism: each bad program fails
// `pulumi preview` naming the resource, with nothing written, no stack trace and no secret. The rules
// themselves are proven engine-free: test/provider/runtime/check-rules.test.ts (check),
// not-found.test.ts (lookups by id), test/provider/program/mocks.test.ts (the program's own errors).

import { beforeEach, describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { limitFor } from "../../fixtures/limits";
import { DEMO_ACCOUNT as ACCOUNT } from "../../fixtures/platform";
import { type ProgramSpec, SECRETS, startFresh, useVoiceStack } from "../../fixtures/voice-stack";

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
const link = (phoneNumber: string | number) => ({
  name: "n0",
  bridge: "main",
  configuration: "twilio",
  phoneNumber,
});

/** A case: the program, what the engine must say, and what to make on the platform first. */
type Case = [string, ProgramSpec, RegExp, (() => Promise<unknown>)?];

describe("preview refuses what the platform would refuse", { timeout: limitFor(1) }, () => {
  beforeEach(async () => {
    await startFresh(ctx);
    await ctx.voice.stack.setAllConfig({
      authToken: { value: SECRETS.authToken, secret: true },
      sipPassword: { value: SECRETS.sipPassword, secret: true },
    });
  }, limitFor(1));

  it.each<Case>([
    [
      "a check failure of one property, shown with the property",
      { trunks: [{ name: "edge", sipUrl: "sip:" }] },
      /voice:SipTrunk resource 'edge': property sipUrl .*has a problem: must be a host name, an IP address/,
    ],
    [
      "a check failure of a secret, shown without its value",
      { configurations: [{ ...config, authTokenKey: "longToken" }] },
      /voice:ProviderConfiguration resource 'twilio' has a problem: authToken must be at most 255 characters/,
    ],
    [
      "a check against the platform's lists",
      { configurations: [config], bridges: [bridge], numbers: [link("+12125550100")] },
      /voice:BridgeNumber resource 'n0': property phoneNumber .*has a problem: \+12125550100 is not a number of organization acme/,
    ],
    [
      "a program's error once values resolve: a bridge's numbers declared by a set and by links",
      {
        configurations: [config],
        bridges: [bridge],
        sets: [
          { name: "s0", bridge: "main", numbers: [{ configuration: "twilio", phoneNumber: "+14155550104" }] },
        ],
        numbers: [link("+14155550106")],
      },
      /declares numbers of bridge "main", whose numbers BridgeNumbers? "[^"]+" already declares/,
    ],
    [
      "a program's error at once: a phone number that is a number, as `pulumi config set --path` stores it",
      { configurations: [config], bridges: [bridge], numbers: [link(14155550100)] },
      /voice:BridgeNumber "n0": phoneNumber must be a string such as "\+14155550100", not the number 14155550100/,
    ],
    [
      "a lookup of an id another organization holds",
      { gets: [{ type: "Bridge", name: "missing", id: "elsewhere" }] },
      /voice:Bridge read failed: bridge "elsewhere" is not in organization "acme": it is in organization "globex"/,
      () =>
        new VoiceClient({ baseUrl: ctx.emu.url, token: ctx.emu.token, orgHandle: "globex" }).bridges.create({
          name: "Elsewhere",
          slug: "elsewhere",
        }),
    ],
  ])("%s: fails at preview, with nothing written", async (_case, spec, message, arrange) => {
    await arrange?.();
    await ctx.voice.stack.setConfig("longToken", { value: LONG_SECRET, secret: true });
    await ctx.emu.admin.clearRequests();
    await ctx.voice.declare(spec);
    const output = await failedPreview();
    expect(output).toMatch(message);
    expect(output).not.toMatch(/\n\s+at .*\.js:\d+/); // no stack trace
    for (const secret of [LONG_SECRET, SECRETS.authToken]) expectNoSecret(output, secret);
    expect(output).not.toContain(ctx.emu.token);
    const writes = (await ctx.emu.admin.requests()).filter((r) => r.method !== "GET");
    expect(writes).toEqual([]);
  });
});
