// A set owns only what it declared: its check against a bridge that already holds numbers, its create's
// state, what `recover` records of a set stopped part-way, and failures that show the value given.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runtimeContext } from "../../../../provider/context-cache";
import { BRIDGE } from "../../../../provider/resources/bridge/descriptor";
import { BRIDGE_NUMBER } from "../../../../provider/resources/bridge-number/descriptor";
import { BRIDGE_NUMBERS } from "../../../../provider/resources/bridge-numbers/descriptor";
import { PROVIDER_CONFIGURATION } from "../../../../provider/resources/provider-configuration/descriptor";
import { forgetTakenKeys, RECOVERING_ENV } from "../../../../provider/runtime/ownership";
import { serve } from "../../../../provider/runtime/serve";
import { useEmulator } from "../../../fixtures/emulator";
import { checked, configureRuntime } from "../../../fixtures/provider";

const bridge = serve(BRIDGE);
const link = serve(BRIDGE_NUMBER);
const set = serve(BRIDGE_NUMBERS);
const providerConfiguration = serve(PROVIDER_CONFIGURATION);

/** The demo account's seeded numbers, +14155550100 to +14155550109. */
const n = (i: number): string => `+1415555010${i}`;

const emu = useEmulator();
let configId: number;
beforeAll(async () => {
  await configureRuntime(emu);
});
beforeEach(async () => {
  const config = await providerConfiguration.create(
    await checked(providerConfiguration, {
      provider: "twilio",
      accountSid: "AC00000000000000000000000000000001",
      authToken: "t",
    }),
  );
  configId = Number(config.id);
  await bridge.create(await checked(bridge, { name: "Shared", slug: "shared" }));
});
afterEach(() => {
  delete process.env[RECOVERING_ENV];
});

/** A set's raw inputs as a program gives them. */
const declared = (numbers: string[], extra: Record<string, unknown> = {}) => ({
  bridgeSlug: "shared",
  numbers: numbers.map((phoneNumber) => ({ phoneNumber, providerConfigurationId: configId })),
  ...extra,
});

/** A check in a new run (the platform's lists read afresh). */
async function check(news: Record<string, unknown>, olds: Record<string, unknown> = {}) {
  forgetTakenKeys(runtimeContext());
  runtimeContext().bridgeDetails.forget();
  return set.check!(olds, news);
}

/** Links numbers to the bridge as another stack or the dashboard would. */
async function linkedElsewhere(...numbers: string[]): Promise<void> {
  for (const phoneNumber of numbers)
    await link.create(
      await checked(link, { bridgeSlug: "shared", providerConfigurationId: configId, phoneNumber }),
    );
}

const linkedOnPlatform = async () => (await emu.admin.state()).links.length;

describe("a new set on a bridge that already holds numbers", () => {
  it("fails at preview naming every number it does not declare, and the ways out", async () => {
    await linkedElsewhere(n(0), n(1));
    const result = await check(declared([n(5), n(6)]));
    expect(result.failures).toHaveLength(1);
    const [failure] = result.failures ?? [];
    expect(failure?.property).toBe("bridgeSlug");
    expect(failure?.reason).toContain(
      `bridge "shared" already holds 2 numbers this set does not declare (${n(0)}, ${n(1)})`,
    );
    expect(failure?.reason).toMatch(/adopt: true[\s\S]*adopt: "overwrite"[\s\S]*BridgeNumber links/);
  });

  it('with adopt: true, takes over declared numbers only; with adopt: "overwrite", the rest too', async () => {
    await linkedElsewhere(n(0), n(1));
    expect((await check(declared([n(0), n(1)], { adopt: true }))).failures).toBeUndefined();
    const partly = await check(declared([n(0)], { adopt: true }));
    expect(partly.failures?.[0]?.reason).toMatch(
      /holds 1 number this set does not declare \(\+14155550101\).*declared numbers only/,
    );
    expect((await check(declared([n(5)], { adopt: "overwrite" }))).failures).toBeUndefined();
  });

  it("passes for a set already on its bridge, and in recover's preview", async () => {
    await linkedElsewhere(n(0));
    const recorded = {
      bridgeSlug: "shared",
      numbers: [{ phoneNumber: n(0), providerConfigurationId: configId, numberId: 1 }],
    };
    expect((await check(declared([n(0), n(1)]), recorded)).failures).toBeUndefined();
    process.env[RECOVERING_ENV] = "true";
    expect((await check(declared([n(0), n(1)]))).failures).toBeUndefined();
  });

  it("an empty set passes on an empty bridge and is refused on one with numbers", async () => {
    expect((await check(declared([]))).failures).toBeUndefined();
    await linkedElsewhere(n(3));
    expect((await check(declared([]))).failures?.[0]?.reason).toContain(
      `holds 1 number this set does not declare (${n(3)})`,
    );
  });
});

describe("a set's state", () => {
  it("records only the numbers it declared, when others appear on its bridge after its check", async () => {
    const inputs = await checked(set, declared([n(0), n(1)]));
    await linkedElsewhere(n(2));
    const created = await set.create(inputs);
    expect(created.outs.numbers.map((x: { phoneNumber: string }) => x.phoneNumber)).toEqual([n(0), n(1)]);
    expect(await linkedOnPlatform()).toBe(3);
    // A read is the drift check: the number somebody else linked shows, for the next `up` to undo.
    const read = await set.read!(created.id, created.outs);
    expect(read.props?.numbers.map((x: { phoneNumber: string }) => x.phoneNumber)).toEqual([
      n(0),
      n(1),
      n(2),
    ]);
    await set.delete!(created.id, created.outs);
    expect(await linkedOnPlatform()).toBe(1);
  });

  it("an update to no numbers disconnects every number it holds", async () => {
    const created = await set.create(await checked(set, declared([n(0), n(1)])));
    const emptied = await set.update!(
      created.id,
      created.outs,
      await checked(set, declared([]), created.outs),
    );
    expect(emptied.outs.numbers).toEqual([]);
    expect(await linkedOnPlatform()).toBe(0);
  });

  it("recover records a set stopped part-way as the platform has it: its declared numbers that are linked", async () => {
    await linkedElsewhere(n(0), n(2));
    const inputs = await checked(set, declared([n(0), n(1)], { adopt: true }), {
      bridgeSlug: "shared",
      numbers: [],
    });
    const live = await set.read!("shared", {});
    const partial = BRIDGE_NUMBERS.code.partial?.(inputs, live.props ?? {});
    expect(partial).toEqual({
      bridgeSlug: "shared",
      numbers: [{ phoneNumber: n(0), providerConfigurationId: configId, numberId: expect.any(Number) }],
    });
  });
});

describe("a set's failures", () => {
  it("name the entry and show the value the program gave", async () => {
    const result = await set.check!(
      {},
      {
        bridgeSlug: "shared",
        numbers: [
          { phoneNumber: n(0), providerConfigurationId: configId },
          { phoneNumber: "555-0100", providerConfigurationId: configId },
        ],
      },
    );
    expect(result.failures).toHaveLength(1);
    expect(result.failures?.[0]?.property).toBe("");
    expect(result.failures?.[0]?.reason).toMatch(
      /^property numbers\[1\]\.phoneNumber value "555-0100" has a problem: /,
    );
  });
});
