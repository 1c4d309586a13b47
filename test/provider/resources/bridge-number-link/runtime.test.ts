import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runtimeContext } from "../../../../provider/connection/context-cache";
import { bridgeDetails } from "../../../../provider/links";
import { BRIDGE } from "../../../../provider/resources/bridge/descriptor";
import { BRIDGE_NUMBER } from "../../../../provider/resources/bridge-number-link/descriptor";
import { PROVIDER_CONFIGURATION } from "../../../../provider/resources/provider-configuration/descriptor";
import { UNKNOWN } from "../../../../provider/runtime/fields";
import { forgetTakenKeys } from "../../../../provider/runtime/ownership";
import { serve } from "../../../../provider/runtime/serve";
import { useEmulator } from "../../../fixtures/emulator";
import { checked, configureRuntime, createDemoConfiguration } from "../../../fixtures/provider";

const bridge = serve(BRIDGE);
const bridgeNumber = serve(BRIDGE_NUMBER);
const providerConfiguration = serve(PROVIDER_CONFIGURATION);

const emu = useEmulator();
let configId: string;
beforeAll(async () => {
  await configureRuntime(emu);
});
beforeEach(async () => {
  configId = await createDemoConfiguration(providerConfiguration);
  await bridge.create(await checked(bridge, { name: "Main", slug: "main" }));
  await bridge.create(await checked(bridge, { name: "Other", slug: "other" }));
});

const links = async () => (await emu.admin.state()).links;
const link = (phoneNumber: string, bridgeSlug = "main", extra = {}) =>
  checked(bridgeNumber, { bridgeSlug, providerConfigurationId: configId, phoneNumber, ...extra });

describe("BridgeNumber check and diff", () => {
  it("normalizes a formatted number to E.164 and the id to a number", async () => {
    expect(await link("+1 (415) 555-0100")).toMatchObject({
      phoneNumber: "+14155550100",
      providerConfigurationId: Number(configId),
    });
  });

  it("names a malformed number and a bad configuration id", async () => {
    const result = await bridgeNumber.check!(
      {},
      { bridgeSlug: "main", providerConfigurationId: "x", phoneNumber: "555-0100" },
    );
    expect((result.failures ?? []).map((f) => f.property).sort()).toEqual([
      "phoneNumber",
      "providerConfigurationId",
    ]);
  });

  it("accepts an unknown bridge slug at preview", async () => {
    const result = await bridgeNumber.check!(
      {},
      { bridgeSlug: UNKNOWN, providerConfigurationId: 1, phoneNumber: "+14155550100" },
    );
    expect(result.failures ?? []).toEqual([]);
  });

  it("moves a number to another bridge in place; a new number or configuration replaces, disconnecting first", async () => {
    const olds = { bridgeSlug: "main", providerConfigurationId: 1, phoneNumber: "+14155550100", numberId: 7 };
    expect((await bridgeNumber.diff!("id", olds, { ...olds })).changes).toBe(false);
    const moved = await bridgeNumber.diff!("id", olds, { ...olds, bridgeSlug: "other" });
    expect(moved).toMatchObject({ changes: true, replaces: [] });
    expect(moved.deleteBeforeReplace).toBeUndefined();
    const renumbered = await bridgeNumber.diff!("id", olds, { ...olds, phoneNumber: "+14155550101" });
    expect(renumbered).toMatchObject({ changes: true, replaces: ["phoneNumber"], deleteBeforeReplace: true });
  });
});

describe("BridgeNumber lifecycle against the emulator", () => {
  it("connects, reads, and disconnects without releasing the number", async () => {
    const created = await bridgeNumber.create(await link("+14155550100"));
    expect(created.id).toBe(`${configId}/+14155550100`);
    expect(created.outs).toMatchObject({
      phoneNumber: "+14155550100",
      state: "ASSIGNED",
      numberId: expect.any(Number),
    });
    expect(await links()).toHaveLength(1);

    const read = await bridgeNumber.read!(created.id, created.outs);
    expect(read.props).toEqual(created.outs);

    await bridgeNumber.delete!(created.id, created.outs);
    expect(await links()).toHaveLength(0);
    const number = (await emu.admin.state()).numbers.find((n) => n.number === "+14155550100");
    expect(number?.organization).toBe("acme");
    await expect(bridgeNumber.delete!(created.id, created.outs)).resolves.toBeUndefined();
  });

  it("reports a number disconnected out of band as gone, and a deleted bridge too", async () => {
    const created = await bridgeNumber.create(await link("+14155550101"));
    await emu.admin.disconnectNumber("acme", "main", "+14155550101");
    expect(await bridgeNumber.read!(created.id, created.outs)).toEqual({});
    const again = await bridgeNumber.create(await link("+14155550101"));
    await emu.admin.deleteBridge("acme", "main");
    expect(await bridgeNumber.read!(again.id, again.outs)).toEqual({});
  });

  it("reads from the id alone, as Resource.get does", async () => {
    const created = await bridgeNumber.create(await link("+14155550102"));
    const read = await bridgeNumber.read!(created.id, {});
    expect(read.inputs).toEqual({
      bridgeSlug: "main",
      providerConfigurationId: Number(configId),
      phoneNumber: "+14155550102",
    });
  });

  it("keeps an id that names no bridge through a move, and reads it where the link is", async () => {
    const onMain = await link("+14155550105");
    const created = await bridgeNumber.create(onMain);
    const onOther = { ...onMain, bridgeSlug: "other" };
    const moved = await bridgeNumber.update!(created.id, created.outs, onOther);
    expect(moved.outs).toMatchObject({ bridgeSlug: "other" });
    const refreshed = await bridgeNumber.read!(created.id, moved.outs!);
    expect(refreshed).toMatchObject({ id: `${configId}/+14155550105`, inputs: { bridgeSlug: "other" } });
    const looked = await bridgeNumber.read!(created.id, {});
    expect(looked).toMatchObject({ id: created.id, inputs: { bridgeSlug: "other" } });
  });

  it("reads an id of the earlier form (bridge/configuration/number) wherever the link is, answering today's form", async () => {
    const onMain = await link("+14155550106");
    const created = await bridgeNumber.create(onMain);
    const earlier = `main/${configId}/+14155550106`;
    // A refresh of a link an earlier version recorded: the id is rewritten, nothing else changes.
    const refreshed = await bridgeNumber.read!(earlier, created.outs);
    expect(refreshed).toEqual({ id: created.id, props: created.outs, inputs: expect.any(Object) });
    expect((await bridgeNumber.read!(earlier, {})).inputs).toEqual({
      bridgeSlug: "main",
      providerConfigurationId: Number(configId),
      phoneNumber: "+14155550106",
    });
    // Moved since (the earlier id names the bridge it was made on): a lookup finds it where it is.
    const moved = await bridgeNumber.update!(earlier, created.outs, { ...onMain, bridgeSlug: "other" });
    expect((await bridgeNumber.read!(earlier, moved.outs!)).id).toBe(created.id);
    const looked = await bridgeNumber.read!(earlier, {});
    expect(looked).toMatchObject({ id: created.id, inputs: { bridgeSlug: "other" } });
    // Moved back after this process listed the bridges (here by a create, the bridges' details read
    // afresh as a new engine run would): the list that says "other" is read again.
    await emu.admin.disconnectNumber("acme", "other", "+14155550106");
    await bridgeNumber.create(onMain);
    bridgeDetails(runtimeContext()).forget();
    expect(await bridgeNumber.read!(created.id, {})).toMatchObject({ inputs: { bridgeSlug: "main" } });
  });

  it("fails a lookup of a malformed id or a number on no bridge, naming the id's form", async () => {
    for (const id of ["+14155550107", `${configId}/+14155550107`, "main/x/+14155550107", "a/b/1/+1", "/1/+1"])
      await expect(bridgeNumber.read!(id, {})).rejects.toThrow(
        `no bridge number link "${id}" in organization "acme" (the id of a bridge number link is <configurationId>/<E.164 number>`,
      );
  });

  it("lets a move replace its own link: the engine's second check of a replacement has no olds", async () => {
    const onMain = await link("+14155550104");
    await bridgeNumber.create(onMain);
    forgetTakenKeys(runtimeContext());
    const moved = { ...onMain, bridgeSlug: "other" };
    expect((await bridgeNumber.check!(onMain, moved)).failures).toBeUndefined();
    expect((await bridgeNumber.check!({}, moved)).failures).toBeUndefined();
    forgetTakenKeys(runtimeContext());
    expect((await bridgeNumber.check!({}, moved)).failures?.[0]?.property).toBe("phoneNumber");
  });

  it("fails to link a number already on another bridge, and adopts its own link", async () => {
    const onMain = await link("+14155550103");
    const onOther = await link("+14155550103", "other");
    await bridgeNumber.create(onMain);
    forgetTakenKeys(runtimeContext());
    const refused = await bridgeNumber.check!({}, { ...onOther });
    expect(refused.failures?.[0]?.reason).toMatch(/already linked to bridge "main".*aliases/);
    const error = (await bridgeNumber.create(onOther).catch((e: Error) => e)) as Error;
    expect(error.message).toMatch(
      /voice:BridgeNumber create failed: POST \/telephony\/bridges\/other\/connect-provider\/ .*400.*already linked to bridge 'main'.*name the BridgeNumber by its phone number/,
    );
    const adopted = await bridgeNumber.create(await link("+14155550103", "main", { adopt: true }));
    expect(adopted.outs.bridgeSlug).toBe("main");
    expect(await links()).toHaveLength(1);
  });

  it("links many numbers of one bridge in parallel with few detail reads", async () => {
    await emu.admin.clearRequests();
    const numbers = Array.from({ length: 8 }, (_, i) => `+1415555010${i}`);
    const created = await Promise.all(numbers.map(async (n) => bridgeNumber.create(await link(n))));
    expect(created.every((c) => c.outs.state === "ASSIGNED")).toBe(true);
    const requests = await emu.admin.requests();
    const detailReads = requests.filter((r) => r.method === "GET" && r.path === "/telephony/bridges/main/");
    expect(requests.filter((r) => r.path.endsWith("/connect-provider/"))).toHaveLength(8);
    expect(detailReads.length).toBeLessThan(8);
  });
});
