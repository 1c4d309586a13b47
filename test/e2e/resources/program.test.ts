// Whole programs through the real engine: get, adopt, lookups.

import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { limitFor } from "../../fixtures/limits";
import { DEMO_ACCOUNT as ACCOUNT, linkNumber } from "../../fixtures/platform";
import { upOnly } from "../../fixtures/stack-up";
import { type ProgramSpec, SECRETS, startFresh, useVoiceStack } from "../../fixtures/voice-stack";

const ctx = useVoiceStack();
let client: VoiceClient;
beforeAll(() => {
  client = new VoiceClient({ baseUrl: ctx.emu.url, token: ctx.emu.token, orgHandle: ctx.emu.orgHandle });
});

const everything: ProgramSpec = {
  configurations: [{ name: "twilio", provider: "twilio", accountSid: ACCOUNT }],
  bridges: [{ name: "main", bridgeName: "Main", slug: "main" }],
  numbers: [{ name: "n0", bridge: "main", configuration: "twilio", phoneNumber: "+14155550100" }],
  trunks: [{ name: "edge", sipUrl: "sip.acme.example", authUsername: "acme", password: true }],
};

/** Engine output of a failed operation. */
async function failure(run: (onOutput: (line: string) => void) => Promise<unknown>): Promise<string> {
  let output = "";
  const error = await run((line) => (output += line)).then(
    () => undefined,
    (e: Error) => e,
  );
  if (!error) throw new Error(`the operation succeeded:\n${output}`);
  return `${output}\n${error.message}`;
}

describe("programs with the real engine", () => {
  beforeEach(() => startFresh(ctx), limitFor(1));

  it(
    "reads resources made elsewhere with Resource.get, and leaves them alone on destroy",
    async () => {
      const config = await linkNumber(client, {
        slug: "legacy",
        bridgeName: "Legacy",
        phoneNumber: "+14155550105",
        authToken: "x",
      });
      const trunk = await client.trunks.create({ name: "legacy-trunk", sip_url: "sip.legacy.example" });
      await ctx.voice.declare({
        gets: [
          { type: "Bridge", name: "legacy", id: "legacy" },
          { type: "ProviderConfiguration", name: "legacy-config", id: String(config.id) },
          { type: "SipTrunk", name: "legacy-trunk", id: String(trunk.id) },
          { type: "BridgeNumber", name: "legacy-link", id: `${config.id}/+14155550105` },
        ],
      });
      const up = await ctx.voice.stack.up();
      expect(up.outputs.getNames?.value).toEqual({
        legacy: "Legacy",
        "legacy-config": undefined,
        "legacy-trunk": "legacy-trunk",
        "legacy-link": "+14155550105",
      });
      await ctx.voice.stack.destroy();
      const state = await ctx.emu.admin.state();
      expect([
        state.bridges.length,
        state.configurations.length,
        state.trunks.length,
        state.links.length,
      ]).toEqual([1, 1, 1, 1]);
    },
    limitFor(2),
  );

  it(
    "fails at preview on resources that exist already, refuses to adopt different ones, and overwrites on request",
    async () => {
      const config = await linkNumber(client, {
        slug: "main",
        bridgeName: "Made by hand",
        phoneNumber: "+14155550100",
        authToken: "old",
      });
      await client.trunks.create({ name: "edge", sip_url: "old.example" });

      await ctx.voice.declare(everything);
      const output = await failure((onOutput) => ctx.voice.stack.preview({ onOutput }));
      expect(output).toMatch(
        /property (accountSid|slug|name) value \{.*\} has a problem: .* already exists on the platform/,
      );
      expect((await ctx.emu.admin.state()).bridges).toMatchObject([{ slug: "main", name: "Made by hand" }]);

      const adopting = (adopt: true | "overwrite"): ProgramSpec => ({
        // adopt: true leaving the token in place is tested in the two-stack fault case; here it is written.
        configurations: everything.configurations!.map((c) => ({ ...c, adopt: "overwrite" as const })),
        bridges: everything.bridges!.map((b) => ({ ...b, adopt })),
        numbers: everything.numbers!.map((n) => ({ ...n, adopt: true })),
        trunks: everything.trunks!.map((t) => ({ ...t, adopt })),
      });
      await ctx.voice.declare(adopting(true));
      // The engine starts no step after the first failure, so whichever of the two differing records
      // is reached first is the one refused; neither may be written.
      const refused = await failure((onOutput) => ctx.voice.stack.up({ onOutput }));
      expect(refused).toMatch(
        /cannot adopt (bridge "main": .*name \(live "Made by hand"\)|SIP trunk "edge": .*sipUrl \(live "old\.example"\))/,
      );
      const untouched = await ctx.emu.admin.state();
      expect(untouched.bridges).toMatchObject([{ slug: "main", name: "Made by hand" }]);
      expect(untouched.trunks).toMatchObject([{ name: "edge", sip_url: "old.example" }]);

      await ctx.voice.stack.refresh();
      await ctx.voice.declare(adopting("overwrite"));
      await upOnly(ctx.voice.stack);
      const state = await ctx.emu.admin.state();
      expect(state.configurations).toMatchObject([{ id: config.id, auth_token: SECRETS.authToken }]);
      expect(state.bridges).toMatchObject([{ slug: "main", name: "Main" }]);
      expect(state.trunks).toMatchObject([{ name: "edge", sip_url: "sip.acme.example" }]);
      expect(state.links).toHaveLength(1);
      expect((await ctx.voice.stack.preview({ refresh: true, expectNoChanges: true })).changeSummary).toEqual(
        {
          same: 5,
        },
      );
    },
    limitFor(5),
  );

  it(
    "adopts a trunk and a configuration whose name and account keep surrounding whitespace on the platform, creating nothing",
    async () => {
      await client.trunks.create({ name: " edge ", sip_url: "sip.acme.example" });
      await client.providerConfigurations.create({
        provider: "twilio",
        account_sid: " ACpadded ",
        auth_token: "old",
      });
      await ctx.emu.admin.clearRequests();

      await ctx.voice.declare({
        configurations: [{ name: "padded", provider: "twilio", accountSid: " ACpadded ", adopt: true }],
        trunks: [{ name: "edge", trunkName: " edge ", sipUrl: "sip.acme.example", adopt: true }],
      });
      await upOnly(ctx.voice.stack);
      const state = await ctx.emu.admin.state();
      expect(state.trunks.map((t) => t.name)).toEqual([" edge "]);
      expect(state.configurations.map((c) => c.account_sid)).toEqual([" ACpadded "]);
      const posts = (await ctx.emu.admin.requests()).filter((r) => r.method === "POST");
      expect(posts).toEqual([]);
      expect((await ctx.voice.stack.preview({ refresh: true, expectNoChanges: true })).changeSummary).toEqual(
        {
          same: 3,
        },
      );
    },
    limitFor(2),
  );

  it(
    "feeds data sources with what the platform holds",
    async () => {
      await ctx.voice.declare(everything);
      await upOnly(ctx.voice.stack);
      await ctx.voice.declare({ ...everything, lookups: true });
      const { outputs } = await ctx.voice.stack.up();
      expect(outputs.organizations?.value).toEqual(["acme", "globex"]);
      expect(outputs.spaces?.value).toEqual(["sp-acme-support", "sp-acme-sales"]);
      expect(outputs.agent?.value).toBe("Support Agent");
      expect(outputs.providers?.value).toEqual(["twilio", "plivo", "telnyx", "vonage", "exotel"]);
      expect(outputs.assignedNumbers?.value).toEqual(["+14155550100"]);
      expect(outputs.overviewLinked?.value).toEqual(["main:+14155550100"]);
      expect(outputs.bridgeSlugs?.value).toEqual(["main"]);
      expect(outputs.configurationAccounts?.value).toEqual([ACCOUNT]);
      expect(outputs.trunkNames?.value).toEqual(["edge"]);
    },
    limitFor(2),
  );
});
