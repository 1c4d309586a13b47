// Two stacks racing on the same natural keys through the real engine: both previews of every key
// pass (nothing exists yet), then, one resource type at a time, both `up`s run at once. The
// platform's lists answer late, so each stack's check reads a platform without the other's records
// and both send every create. Four keys per type make four races per type; for each, the platform
// must hold one record, exactly one stack must record it, the other must fail naming the key and
// the holder's id, and the holder's secret must be the one stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { type Keys, secretOccurrences, stateKeys } from "../../fixtures/census";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import {
  holderId,
  type KeyOutcome,
  only,
  outcomes,
  RACE_TYPES,
  type Racer,
  type RaceType,
  raceKeys,
  racer,
  raceSpec,
  secretOf,
  storedSecret,
} from "../../fixtures/race";

const RACES = 4;
/** Longer than the gap between the two stacks' starts: neither stack's list sees the other's creates. */
const LIST_LATENCY_MS = 3000;
/** The lists a check compares new keys against (prefixes: a read of one record answers late too). */
const LISTS = ["/telephony/providers-configurations/", "/telephony/bridges/", "/telephony/trunks/"];
const CREATE_PATHS: Record<RaceType, string> = {
  ProviderConfiguration: "/telephony/providers-configurations/",
  Bridge: "/telephony/bridges/",
  SipTrunk: "/telephony/trunks/",
  BridgeNumber: "/telephony/bridges/race-shared/connect-provider/",
};

let emu: TestEmulator;
let racers: Racer[];
let spec: ReturnType<typeof raceSpec>;
let afterUp: KeyOutcome[];
const createsSent: Partial<Record<RaceType, number>> = {};

const byName = (name: string) => racers.find((r) => r.name === name) as Racer;
const others = (name: string) => racers.filter((r) => r.name !== name);
const collect = (r: Racer) => ({
  onOutput: (s: string) => {
    r.printed += s;
  },
});

/** Races every key of `type` (both `up`s at once); each stack keeps declaring what it won before. */
async function race(type: RaceType): Promise<void> {
  const all = raceKeys(spec);
  for (const r of racers) {
    const held = await stateKeys(r.voice.stack);
    const keep = Object.fromEntries(RACE_TYPES.map((t) => [t, t === type ? all[t] : held[t]])) as Keys;
    await r.voice.declare(only(spec, keep));
  }
  for (const path of LISTS) {
    await emu.admin.addFault({
      kind: "latency",
      ms: LIST_LATENCY_MS,
      times: 0,
      match: { method: "GET", path },
    });
  }
  await emu.admin.clearRequests();
  const ups = await Promise.allSettled(
    racers.map((r) => r.voice.stack.up({ continueOnError: true, ...collect(r) })),
  );
  ups.forEach((u, i) => {
    if (u.status === "rejected") (racers[i] as Racer).printed += String(u.reason);
  });
  await emu.admin.clearFaults();
  const posts = (await emu.admin.requests()).filter((r) => r.method === "POST");
  createsSent[type] = posts.filter((p) => p.path === CREATE_PATHS[type]).length;
}

beforeAll(
  async () => {
    emu = await startTestEmulator();
    racers = [await racer(emu, "a"), await racer(emu, "b")];
    // Links race on a bridge and a configuration neither stack manages.
    const client = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle });
    const shared = await client.providerConfigurations.create({
      provider: "twilio",
      account_sid: DEMO_ACCOUNT,
      auth_token: "shared-config-token",
    });
    await client.bridges.create({ name: "Shared", slug: "race-shared" });
    const numbers = Array.from({ length: RACES }, (_, i) => `+1415555010${i}`);
    spec = raceSpec(RACES, { bridgeSlug: "race-shared", configurationId: shared.id, numbers });
    // Nothing exists yet: both stacks' previews of every key pass.
    for (const r of racers) await r.voice.declare(spec);
    await Promise.all(racers.map((r) => r.voice.stack.preview(collect(r))));
    for (const type of RACE_TYPES) await race(type);
    afterUp = await outcomes(emu, racers, raceKeys(spec));
  },
  // Two previews and two ups a type, each pair at once.
  ENGINE_BUILD_TIMEOUT_MS + limitFor(2 + 2 * RACE_TYPES.length),
);

afterAll(async () => {
  for (const r of racers ?? []) await r.voice.cleanup();
  await emu?.close();
}, limitFor(1));

describe("two stacks racing on one natural key, with the real engine", { timeout: limitFor(1) }, () => {
  it("raced at create: both stacks sent every create, four races per type", () => {
    expect(createsSent).toEqual(Object.fromEntries(RACE_TYPES.map((type) => [type, 2 * RACES])));
  });

  it("ends with one record on the platform and exactly one holder per key", () => {
    expect(afterUp).toHaveLength(RACES * RACE_TYPES.length);
    const wrong = afterUp.filter((o) => o.onPlatform !== 1 || o.holders.length !== 1);
    expect(wrong).toEqual([]);
  });

  it("fails the loser of each key naming the key, the holder's id and the ways out, with no secret", async () => {
    const state = await emu.admin.state();
    const unexplained = afterUp.flatMap((o) =>
      others(o.holders[0] ?? "").flatMap((loser) => {
        const id = holderId(state, o.type, o.key);
        const key = o.type === "BridgeNumber" ? o.key.split(" ")[1] : o.key;
        const named = loser.printed
          .split("\n")
          .some((line) => line.includes(String(key)) && line.includes(id) && line.includes("adopt: true"));
        return named ? [] : [`${loser.name} ${o.type} ${o.key} (${id})`];
      }),
    );
    expect(unexplained).toEqual([]);
    const secrets = racers.flatMap((r) => [r.authToken, r.sipPassword]);
    expect(secretOccurrences(racers.map((r) => r.printed).join("\n"), secrets)).toBe(0);
  });

  it("stores the holder's secret for every configuration and trunk, never the loser's", async () => {
    const state = await emu.admin.state();
    const secretive = afterUp.filter((o) => secretOf(byName("a"), o.type) !== undefined);
    expect(secretive).toHaveLength(2 * RACES);
    const overwritten = secretive.filter(
      (o) => storedSecret(state, o.type, o.key) !== secretOf(byName(o.holders[0] ?? ""), o.type),
    );
    expect(overwritten).toEqual([]);
  });

  it(
    "the loser's destroy leaves the holder's records; the holder's destroy deletes them: 0 left, 0 orphans",
    async () => {
      const [first, second] = racers as [Racer, Racer];
      await first.voice.stack.destroy();
      const afterFirst = await outcomes(emu, racers, raceKeys(spec));
      const state = await emu.admin.state();
      // What the second stack holds is untouched, secrets included; what the first held is gone.
      expect(afterFirst.filter((o) => o.onPlatform !== o.holders.length)).toEqual([]);
      expect(afterFirst.filter((o) => o.holders.includes(first.name))).toEqual([]);
      const held = afterUp.filter((o) => o.holders[0] === second.name);
      const changed = held.filter(
        (o) =>
          afterFirst.find((a) => a.type === o.type && a.key === o.key)?.onPlatform !== 1 ||
          storedSecret(state, o.type, o.key) !== secretOf(second, o.type),
      );
      expect(changed).toEqual([]);
      await second.voice.stack.destroy();
      const afterBoth = await outcomes(emu, racers, raceKeys(spec));
      expect(afterBoth.filter((o) => o.onPlatform > 0 || o.holders.length > 0)).toEqual([]);
    },
    limitFor(2),
  );
});
