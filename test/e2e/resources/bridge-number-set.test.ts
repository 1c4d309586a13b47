// BridgeNumbers through the real engine and the emulator over HTTP (its lifecycle and drift are
// lifecycle.test.ts's): settling of a lost connect, a partial failure finished by the next `up` (the bridge read back, or
// not readable: the links made tracked), `get` by bridge slug,
// moves between sets in both orders, and a second stack declaring a set on the first one's bridge.
// Each case starts from the emulator's seed and an empty stack.

import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { VoiceClient } from "../../../sdk";
import type { TestEmulator } from "../../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS, engineEnv, pulumiCommand, type TempDir } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { type ProgramStack, programStack } from "../../fixtures/program-stack";
import { upOnly } from "../../fixtures/stack-up";
import { driftReport, emulatorConfig, startStackFresh } from "../../fixtures/voice-stack";

// Config `sets`: name → { bridge, numbers, adopt? } (a bridge the program does not declare is a slug);
// `links`: number → bridge; `gets`: name → bridge slug; `names`: bridge slug → its name (a rename
// holds back the sets of that bridge behind its update); `bridges`: the slugs declared (both by default).
const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const voice = require("pulumi-voice-platform");
const config = new pulumi.Config();
// A stack given \`configurationId\` uses that configuration (another stack's) instead of declaring one.
const configurationId = config.getNumber("configurationId");
const twilio = configurationId === undefined
  ? new voice.ProviderConfiguration("twilio", {
      provider: "twilio",
      accountSid: config.require("accountSid"),
      authToken: config.requireSecret("authToken"),
    })
  : { configurationId };
const bridges = {};
const names = config.getObject("names") ?? {};
for (const slug of config.getObject("bridges") ?? ["set-a", "set-b"]) bridges[slug] = new voice.Bridge(slug, { name: names[slug] ?? slug, slug });
for (const [name, set] of Object.entries(config.getObject("sets") ?? {})) {
  const numbers = set.numbers.map((phoneNumber) => ({ phoneNumber, providerConfigurationId: twilio.configurationId }));
  new voice.BridgeNumbers(name, { bridgeSlug: bridges[set.bridge]?.slug ?? set.bridge, numbers, adopt: set.adopt });
}
for (const [phoneNumber, bridge] of Object.entries(config.getObject("links") ?? {})) {
  new voice.BridgeNumber(phoneNumber, { bridgeSlug: bridges[bridge].slug, providerConfigurationId: twilio.configurationId, phoneNumber });
}
for (const [name, slug] of Object.entries(config.getObject("gets") ?? {})) {
  exports[name] = voice.BridgeNumbers.get(name, slug).numbers.apply((ns) => ns.map((n) => n.phoneNumber));
}
`;

/** The demo account's seeded numbers, +14155550100 to +14155550109. */
const n = (i: number): string => `+1415555010${i}`;
/** Ten more numbers of the demo account, seeded for the set that fails part-way. */
const MANY = Array.from({ length: 10 }, (_, i) => `+1650555${1000 + i}`);

interface SetSpec {
  bridge: "set-a" | "set-b";
  numbers: string[];
  adopt?: boolean | "overwrite";
}

let emu: TestEmulator;
let client: VoiceClient;
let dir: TempDir;
let stack: Stack;

const declare = (spec: {
  sets?: Record<string, SetSpec>;
  links?: Record<string, string>;
  gets?: Record<string, string>;
  names?: Record<string, string>;
}) =>
  stack.setAllConfig({
    sets: { value: JSON.stringify(spec.sets ?? {}) },
    links: { value: JSON.stringify(spec.links ?? {}) },
    gets: { value: JSON.stringify(spec.gets ?? {}) },
    names: { value: JSON.stringify(spec.names ?? {}) },
  });

/** `<bridge>:<number>` for every link on the platform, sorted. */
async function platformLinks(): Promise<string[]> {
  const state = await emu.admin.state();
  return state.links
    .map((l) => {
      const bridge = state.bridges.find((b) => b.id === l.bridge_id)?.slug;
      return `${bridge}:${state.numbers.find((x) => x.id === l.number_id)?.number}`;
    })
    .sort();
}

/** `<bridge>:<number>` for every number the stack's sets record, sorted. */
async function stateLinks(): Promise<string[]> {
  const resources = (await stack.exportStack()).deployment.resources as {
    type: string;
    outputs?: { bridgeSlug?: string; numbers?: { phoneNumber: string }[] };
  }[];
  return resources
    .filter((r) => r.type === "pulumi-nodejs:dynamic/voice:BridgeNumbers")
    .flatMap((r) => (r.outputs?.numbers ?? []).map((x) => `${r.outputs?.bridgeSlug}:${x.phoneNumber}`))
    .sort();
}

/** The platform's POSTs since the last clear, as `<status> <bridge> <connect|disconnect>`. */
async function writes(): Promise<string[]> {
  return (await emu.admin.requests())
    .filter((r) => r.method === "POST" && r.path.startsWith("/telephony/bridges/"))
    .map((r) => `${r.status} ${r.path.split("/")[3]} ${r.path.split("/")[4]?.replace("-provider", "")}`);
}

let setup: ProgramStack | undefined;

/** The stack's bridges made, with no set or link. */
async function bridgesOnly(): Promise<void> {
  await declare({});
  await upOnly(stack);
}

beforeAll(async () => {
  setup = await programStack({
    project: "voice-number-sets",
    stackName: "sets",
    indexJs: PROGRAM,
    authToken: "sets-auth-token",
  });
  ({ emu, client, dir, stack } = setup);
}, ENGINE_BUILD_TIMEOUT_MS);

afterAll(() => setup?.close(), limitFor(1));

beforeEach(() => startStackFresh(emu, stack), limitFor(1));

describe("BridgeNumbers with the real engine", () => {
  it(
    "settles a connect whose answer was lost, and finishes a partial failure on the next up",
    async () => {
      await emu.admin.seed({
        providerAccounts: [
          { organization: "acme", provider: "twilio", account_sid: DEMO_ACCOUNT, numbers: MANY },
        ],
      });
      const path = "/telephony/bridges/set-a/connect-provider/";
      // The refusal is listed first so it counts every connect, the lost one included.
      await emu.admin.addFault({
        kind: "status",
        status: 400,
        match: { method: "POST", path },
        every: 8,
        times: 1,
      });
      await emu.admin.addFault({ kind: "reset-after", match: { method: "POST", path }, every: 3, times: 1 });
      await declare({ sets: { big: { bridge: "set-a", numbers: MANY } } });
      const failed = await stack.up().then(
        () => undefined,
        (err: Error) => err.message,
      );
      expect(failed).toMatch(/Injected fault: status 400[\s\S]*holds 7 number\(s\) now, recorded in state/);
      // State says exactly what is linked: the lost connect settled once, the refused one not made.
      expect(await stateLinks()).toEqual(await platformLinks());
      expect(await platformLinks()).toHaveLength(7);

      await upOnly(stack);
      const linked = await platformLinks();
      expect(linked).toEqual(MANY.map((x) => `set-a:${x}`).sort());
      expect(await stateLinks()).toEqual(linked);
      expect((await stack.preview()).changeSummary).toEqual({ same: 5 });
    },
    limitFor(3),
  );

  it(
    "records the numbers its writes linked when the bridge cannot be read after a failed write",
    async () => {
      await bridgesOnly();
      await emu.admin.clearRequests();
      // The third connect is refused, and the bridge's detail view fails from then on (nothing reads it before).
      const bridge = "/telephony/bridges/set-a/";
      await emu.admin.addFault({
        kind: "status",
        status: 400,
        match: { method: "POST", path: `${bridge}connect-provider/` },
        every: 3,
        times: 1,
      });
      await emu.admin.addFault({
        kind: "status",
        status: 503,
        match: { method: "GET", path: bridge },
        times: 0,
      });
      await declare({ sets: { a: { bridge: "set-a", numbers: [n(0), n(1), n(2), n(3)] } } });
      const failed = await stack.up().then(
        () => undefined,
        (err: Error) => err.message,
      );
      expect(failed).toMatch(
        /could not be read back: state records the 2 number\(s\) this set's writes linked/,
      );
      expect((await emu.admin.requests()).some((r) => r.method === "GET" && r.path === bridge)).toBe(true);
      expect(await platformLinks()).toEqual([`set-a:${n(0)}`, `set-a:${n(1)}`]);
      expect(await stateLinks()).toEqual(await platformLinks());

      await emu.admin.clearFaults();
      await upOnly(stack);
      expect(await platformLinks()).toEqual([0, 1, 2, 3].map((i) => `set-a:${n(i)}`));
      expect(await stateLinks()).toEqual(await platformLinks());
      expect((await stack.preview()).changeSummary).toEqual({ same: 5 });
    },
    limitFor(4),
  );

  it(
    "is found by its bridge's slug, and refuses numbers on its bridge that it does not hold unless adopting",
    async () => {
      await bridgesOnly();
      const config = (await client.providerConfigurations.list()).data[0];
      await client.bridges.connectProvider("set-b", {
        provider_config_id: config?.id ?? 0,
        phone_number: n(4),
      });
      await declare({ gets: { found: "set-b" } });
      expect((await stack.up()).outputs.found?.value).toEqual([n(4)]);

      await declare({ sets: { b: { bridge: "set-b", numbers: [n(4), n(5)] } } });
      const refused = await stack.preview().then(
        () => "",
        (err: Error) => err.message,
      );
      expect(refused).toContain(`${n(4)} is already linked to bridge "set-b" by another stack`);
      expect(refused).toContain("adopt: true");

      await declare({ sets: { b: { bridge: "set-b", numbers: [n(4), n(5)], adopt: true } } });
      await upOnly(stack);
      expect(await writes()).toContain("200 set-b connect");
      expect(await platformLinks()).toEqual([`set-b:${n(4)}`, `set-b:${n(5)}`]);
    },
    limitFor(4),
  );

  it.each([
    // The giving set's bridge is renamed, slowly: the engine reaches the giving set after the taking one.
    ["the taking set's update first", "giver"],
    // The taking set's first connect is answered slowly: the giving set's update runs meanwhile.
    ["the giving set's update first", "taker"],
  ])(
    "moves numbers between two sets in one up, each in one call, %s",
    async (_order, held) => {
      await declare({
        sets: {
          a: { bridge: "set-a", numbers: [n(7)] },
          b: { bridge: "set-b", numbers: [n(4), n(5), n(6)] },
        },
      });
      await upOnly(stack);
      await emu.admin.clearRequests();
      const match =
        held === "giver"
          ? { method: "PATCH", path: "/telephony/bridges/set-b/" }
          : { method: "POST", path: "/telephony/bridges/set-a/" };
      await emu.admin.addFault({ kind: "latency", ms: 1500, match, times: 1 });
      await declare({
        sets: {
          a: { bridge: "set-a", numbers: [n(7), n(5), n(6)] },
          b: { bridge: "set-b", numbers: [n(4), n(8)] },
        },
        names: held === "giver" ? { "set-b": "set-b renamed" } : {},
      });
      const up = await stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(await platformLinks()).toEqual([
        `set-a:${n(5)}`,
        `set-a:${n(6)}`,
        `set-a:${n(7)}`,
        `set-b:${n(4)}`,
        `set-b:${n(8)}`,
      ]);
      expect(await stateLinks()).toEqual(await platformLinks());
      // The link writes in the order the emulator answered them, with the number each one named.
      const log = (await emu.admin.requests())
        .filter((r) => r.method === "POST" && r.path.startsWith("/telephony/bridges/"))
        .map(
          (r) =>
            `${r.status} ${r.path.split("/")[3]} ${r.path.split("/")[4]?.replace("-provider", "")} ${r.phoneNumber}`,
        );
      const giverWrite = log.indexOf(`200 set-b connect ${n(8)}`);
      const firstMove = log.indexOf(`400 set-a connect ${n(5)}`);
      // Giving set first: its other write went ahead, yet the moved numbers waited for the taking set's call.
      expect(giverWrite < firstMove).toBe(held === "taker");
      expect(log.filter((w) => w.endsWith(n(8)))).toEqual([`200 set-b connect ${n(8)}`]);
      // The taking set's writes (the giving set's own connect may fall anywhere between them).
      const moves = log.filter((w) => !w.endsWith(n(8)));
      for (const moved of [n(5), n(6)]) {
        // One call of the taking set: its connect meets the link, disconnects it there and connects it here,
        // back to back; the giving set never disconnects it on its own.
        const at = moves.indexOf(`400 set-a connect ${moved}`);
        expect(moves.slice(at, at + 3)).toEqual([
          `400 set-a connect ${moved}`,
          `200 set-b disconnect ${moved}`,
          `200 set-a connect ${moved}`,
        ]);
        expect(log.filter((w) => w.endsWith(moved))).toHaveLength(3);
      }
      expect(log).toHaveLength(7);
    },
    limitFor(2),
  );
});

describe("two stacks and one bridge's numbers", () => {
  it(
    "a second stack's set cannot take the first's numbers without adopt, and the first sees it at its drift check",
    async () => {
      const other = await LocalWorkspace.createOrSelectStack(
        { stackName: "sets-other", workDir: dir.path },
        { envVars: await engineEnv(), pulumiCommand: await pulumiCommand() },
      );
      // The first stack's configuration: the second uses it, as a stack of the same organization would.
      let configurationId: number | undefined;
      const declareOther = (
        set: SetSpec | { bridge: string; numbers: string[]; adopt?: boolean | "overwrite" },
      ) =>
        other.setAllConfig({
          ...emulatorConfig(emu),
          configurationId: { value: String(configurationId) },
          bridges: { value: "[]" },
          sets: { value: JSON.stringify({ b: set }) },
        });
      let otherDestroyed = false;
      const refusal = () =>
        other.preview().then(
          () => "",
          (err: Error) => err.message,
        );
      try {
        const mine = [0, 1, 2, 3, 4].map(n);
        await declare({ sets: { a: { bridge: "set-a", numbers: mine } } });
        await upOnly(stack);
        configurationId = (await client.providerConfigurations.list()).data[0]?.id;
        const theirs = [n(5), n(6), n(7)];

        // No adopt: refused at preview, naming each of the first stack's numbers and the ways out.
        await declareOther({ bridge: "set-a", numbers: theirs });
        const refused = await refusal();
        expect(refused).toContain(
          `bridge "set-a" already holds 5 numbers this set does not declare (${mine.join(", ")})`,
        );
        expect(refused).toMatch(/adopt: "overwrite"/);
        // `up` checks again and writes nothing.
        await emu.admin.clearRequests();
        await expect(other.up()).rejects.toThrow(/already holds 5 numbers/);
        expect(await writes()).toEqual([]);
        // adopt: true takes over declared numbers only: still refused.
        await declareOther({ bridge: "set-a", numbers: theirs, adopt: true });
        expect(await refusal()).toMatch(/already holds 5 numbers[\s\S]*declared numbers only/);
        expect(await platformLinks()).toEqual(mine.map((x) => `set-a:${x}`));

        // adopt: "overwrite" says to disconnect them: the second stack records only what it declared.
        await declareOther({ bridge: "set-a", numbers: theirs, adopt: "overwrite" });
        await upOnly(other);
        expect(await platformLinks()).toEqual(theirs.map((x) => `set-a:${x}`));
        const recorded = (await other.exportStack()).deployment.resources
          .filter((r: { type: string }) => r.type.endsWith("voice:BridgeNumbers"))
          .flatMap((r: { outputs: { numbers: { phoneNumber: string }[] } }) =>
            r.outputs.numbers.map((x) => x.phoneNumber),
          );
        expect(recorded).toEqual(theirs);
        // Its destroy disconnects its own numbers only.
        await other.destroy();
        otherDestroyed = true;
        expect(await platformLinks()).toEqual([]);
        // The first stack's drift check names its set, whose numbers are gone; its next up puts them back.
        expect(await driftReport(stack)).toMatch(/voice:BridgeNumbers[\s\S]*numbers/);
        await upOnly(stack, { refresh: true });
        expect(await platformLinks()).toEqual(mine.map((x) => `set-a:${x}`));
        expect((await stack.preview({ refresh: true, expectNoChanges: true })).changeSummary).toEqual({
          same: 5,
        });
      } finally {
        // The second stack is emptied by the test's own destroy, or here when the test failed before it.
        if (!otherDestroyed) await other.destroy().catch(() => undefined);
        await other.workspace.removeStack("sets-other", { force: true }).catch(() => undefined);
      }
    },
    limitFor(10),
  );
});
