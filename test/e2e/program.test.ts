// Whole programs through the real engine: validation at preview, secrets in state, get, adopt, lookups.

import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { VoiceClient } from "../../sdk";
import { DEMO_ACCOUNT as ACCOUNT, linkNumber } from "../fixtures/platform";
import { upOnly } from "../fixtures/stack-up";
import {
  OP_TIMEOUT_MS,
  type ProgramSpec,
  plainExport,
  SECRETS,
  startFresh,
  useVoiceStack,
} from "../fixtures/voice-stack";

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

describe("programs with the real engine", { timeout: OP_TIMEOUT_MS }, () => {
  beforeEach(() => startFresh(ctx), OP_TIMEOUT_MS);

  it.each([
    [
      { bridges: [{ name: "main", bridgeName: "Main", slug: "Not A Slug" }] },
      /voice:Bridge resource 'main': property slug value \{Not A Slug\} has a problem: must be 1-64 lowercase/,
    ],
    [
      { numbers: [{ name: "n0", bridge: "main", configuration: 1, phoneNumber: "555-0100" }] },
      /voice:BridgeNumber resource 'n0': property phoneNumber .* has a problem: must be an E\.164 phone number/,
    ],
    [
      { trunks: [{ name: "edge", sipUrl: "sip.acme.example", transport: "sctp", port: "70000" }] },
      /voice:SipTrunk resource 'edge': property (transport|port) .* has a problem: must be/,
    ],
  ] as [ProgramSpec, RegExp][])(
    "fails an invalid program at preview, naming the property, with nothing written (%#)",
    async (spec, message) => {
      await ctx.voice.declare(spec);
      expect(await failure((onOutput) => ctx.voice.stack.preview({ onOutput }))).toMatch(message);
      const writes = (await ctx.emu.admin.requests()).filter((r) => r.method !== "GET");
      expect(writes).toEqual([]);
    },
  );

  it("fails an unknown provider slug at preview, listing the catalogue", async () => {
    await ctx.voice.declare({
      configurations: [{ name: "carrier", provider: "acme-telecom", accountSid: ACCOUNT }],
    });
    const output = await failure((onOutput) => ctx.voice.stack.preview({ onOutput }));
    expect(output).toMatch(
      /property provider .*"acme-telecom" is not in the provider catalogue \(twilio, plivo/,
    );
  });

  it("keeps the API token, auth token and SIP password out of `pulumi stack export` through up and refresh", async () => {
    await ctx.voice.declare(everything);
    await upOnly(ctx.voice.stack);
    await ctx.voice.stack.refresh();
    const state = await plainExport(ctx.voice.stack);
    for (const secret of [ctx.emu.token, SECRETS.authToken, SECRETS.sipPassword])
      expect(state).not.toContain(secret);
    const resources = JSON.parse(state).deployment.resources as {
      type: string;
      outputs?: Record<string, unknown>;
    }[];
    const providerTexts = resources
      .map((r) => r.outputs?.__provider)
      .filter((p): p is string => typeof p === "string");
    expect(providerTexts).toHaveLength(4);
    for (const text of providerTexts) expect(text.length).toBeLessThan(2_500);
  });

  it("reads resources made elsewhere with Resource.get, and leaves them alone on destroy", async () => {
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
  });

  it("Resource.get of an id that does not exist fails naming the type and the id; another organization's says so", async () => {
    const globex = new VoiceClient({ baseUrl: ctx.emu.url, token: ctx.emu.token, orgHandle: "globex" });
    await globex.bridges.create({ name: "Elsewhere", slug: "elsewhere" });
    const org = ctx.emu.orgHandle;
    const cases = [
      ["ProviderConfiguration", "999999", `no provider configuration "999999" in organization "${org}"`],
      [
        "Bridge",
        "elsewhere",
        `bridge "elsewhere" is not in organization "${org}": it is in organization "globex"`,
      ],
      [
        "BridgeNumber",
        "main/999999/+14155550999",
        `no bridge number link "main/999999/+14155550999" in organization`,
      ],
      ["SipTrunk", "999999", `no SIP trunk "999999" in organization "${org}"`],
    ] as const;
    for (const [type, id, expected] of cases) {
      await ctx.voice.declare({ gets: [{ type, name: "missing", id }] });
      const output = await failure((onOutput) => ctx.voice.stack.preview({ onOutput }));
      expect(output).toContain(`voice:${type} read failed`);
      expect(output).toContain(expected);
      expect(output).not.toContain(ctx.emu.token);
    }
  });

  it("fails at preview on resources that exist already, refuses to adopt different ones, and overwrites on request", async () => {
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
    expect((await ctx.voice.stack.preview({ refresh: true, expectNoChanges: true })).changeSummary).toEqual({
      same: 5,
    });
  });

  it("adopts a trunk and a configuration whose name and account keep surrounding whitespace on the platform, creating nothing", async () => {
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
    expect((await ctx.voice.stack.preview({ refresh: true, expectNoChanges: true })).changeSummary).toEqual({
      same: 3,
    });
  });

  it("feeds data sources with what the platform holds", async () => {
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
  });
});
