import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BridgeDetails } from "../../../provider/links/bridge-details";
import { VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";

const emu = useEmulator();
let client: VoiceClient;
let configId: number;
beforeAll(() => {
  client = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle });
});
beforeEach(async () => {
  configId = (
    await client.providerConfigurations.create({
      provider: "twilio",
      account_sid: "AC00000000000000000000000000000001",
      auth_token: "t",
    })
  ).id;
  await client.bridges.create({ name: "Main", slug: "main" });
  await emu.admin.clearRequests();
});

const detailReads = async () =>
  (await emu.admin.requests()).filter((r) => r.method === "GET" && r.path === "/telephony/bridges/main/")
    .length;

/** A link's create as the per-link resource does it: connect, then read the bridge back after it. */
async function link(details: BridgeDetails, n: number, connected: () => void = () => {}) {
  const phone_number = `+1415555010${n}`;
  await details.write("main", () =>
    client.bridges.connectProvider("main", { provider_config_id: configId, phone_number }),
  );
  connected();
  const bridge = await details.get("main", details.now());
  return bridge?.numbers.some((x) => x.number === phone_number);
}

describe("BridgeDetails, the shared reads of a bridge's detail view", () => {
  it("gives links connected one after another, as the engine starts them, one read-back", async () => {
    const details = new BridgeDetails(async () => client);
    // The engine starts the next link once a slot is free, not all at once: here each link starts
    // when the one before it has connected, so no two connects are ever in flight together.
    const found: Promise<boolean | undefined>[] = [];
    const start = (n: number): void => {
      found.push(link(details, n, () => (n < 5 ? start(n + 1) : undefined)));
    };
    start(0);
    while (found.length < 6) await sleep(1);
    expect(await Promise.all(found)).toEqual([true, true, true, true, true, true]);
    expect(await detailReads()).toBe(1);
  });

  it("reads again for a link connected after the last read-back was sent", async () => {
    const details = new BridgeDetails(async () => client);
    expect(await link(details, 0)).toBe(true);
    expect(await link(details, 1)).toBe(true);
    expect(await detailReads()).toBe(2);
  });

  it("shares a plain read's answer with the plain reads after it, until this process writes to the bridge", async () => {
    const details = new BridgeDetails(async () => client);
    const first = await details.get("main");
    await details.get("main");
    await details.get("main");
    expect(await detailReads()).toBe(1);
    expect(first?.numbers).toEqual([]);
    expect(await link(details, 0)).toBe(true);
    const after = await details.get("main");
    expect(after?.numbers.map((n) => n.number)).toEqual(["+14155550100"]);
    expect(await detailReads()).toBe(3);
  });

  it("never hands a read-back's answer to a plain read, and forgets shared answers on request", async () => {
    const details = new BridgeDetails(async () => client);
    expect(await link(details, 0)).toBe(true);
    await emu.admin.disconnectNumber("acme", "main", "+14155550100");
    expect((await details.get("main"))?.numbers).toEqual([]);
    await emu.admin.deleteBridge("acme", "main");
    expect((await details.get("main"))?.numbers).toEqual([]);
    details.forget();
    expect(await details.get("main")).toBeUndefined();
  });

  it("answers the live ids of many bridges from one listing, and reads alone a slug it created or deleted since", async () => {
    await client.bridges.create({ name: "Other", slug: "other" });
    const details = new BridgeDetails(async () => client);
    await emu.admin.clearRequests();
    const main = await details.liveId("main");
    expect(await details.liveId("other")).toEqual(expect.any(Number));
    expect(await details.liveId("gone")).toBeUndefined();
    const listings = async () =>
      (await emu.admin.requests()).filter((r) => r.method === "GET" && r.path === "/telephony/bridges/")
        .length;
    expect(await listings()).toBe(1);
    await details.write("main", () => client.bridges.delete("main"), { record: true });
    const replaced = await details.write("main", () => client.bridges.create({ name: "New", slug: "main" }), {
      record: true,
    });
    expect(await details.liveId("main")).toBe(replaced.id);
    expect(replaced.id).not.toBe(main);
    expect(await listings()).toBe(1);
    expect(await detailReads()).toBe(1);
  });
});
