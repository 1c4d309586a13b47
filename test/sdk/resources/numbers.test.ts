import { beforeAll, describe, expect, it } from "vitest";
import { InvalidArgumentError, type VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor, rejectionOf } from "../../fixtures/http";
import { linkNumber } from "../../fixtures/platform";

const emu = useEmulator();
let client: VoiceClient;
beforeAll(async () => {
  client = clientFor(emu);
});

describe("numbers", () => {
  it("organization scope (default): own numbers plus the pool, with Org-Handle", async () => {
    const page = await client.numbers.list();
    const own = page.data.filter((n) => n.active);
    const pool = page.data.filter((n) => !n.active);
    expect(own.map((n) => n.number)).toContain("+14155550100");
    expect(own.map((n) => n.number)).toContain("+442079460000");
    expect(own.map((n) => n.number)).not.toContain("+12125550100"); // globex's
    expect(pool.map((n) => n.number)).toEqual([
      "+18005550100",
      "+18005550101",
      "+18005550102",
      "+18005550103",
      "+18005550104",
    ]);
    expect(page.data.every((n) => n.state === "NOT_ASSIGNED")).toBe(true);
    const log = await emu.admin.requests();
    expect(log.at(-1)).toMatchObject({ path: "/telephony/numbers/", orgHandle: "acme" });
  });

  it("pool scope sends no Org-Handle and gets the pool only", async () => {
    const page = await client.numbers.list({ scope: "pool" });
    expect(page.data.map((n) => n.number)).toEqual([
      "+18005550100",
      "+18005550101",
      "+18005550102",
      "+18005550103",
      "+18005550104",
    ]);
    expect((await emu.admin.requests()).at(-1)).toMatchObject({
      path: "/telephony/numbers/",
      orgHandle: null,
    });
  });

  it("a linked number shows ASSIGNED", async () => {
    const _cfg = await linkNumber(client, {
      slug: "main",
      bridgeName: "Main",
      phoneNumber: "+14155550100",
      authToken: "tok-one-1",
    });
    const number = (await client.numbers.list()).data.find((n) => n.number === "+14155550100");
    expect(number?.state).toBe("ASSIGNED");
  });

  it("pages keep the scope", async () => {
    const numbers: string[] = [];
    for await (const n of client.numbers.list({ scope: "pool", page_size: 2 })) numbers.push(n.number);
    expect(numbers).toHaveLength(5);
    expect((await emu.admin.requests()).map((r) => r.orgHandle)).toEqual([null, null, null]);
  });

  it("an unknown scope is refused before sending", async () => {
    const err = await rejectionOf(client.numbers.list({ scope: "everything" } as never));
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect((err as InvalidArgumentError).field).toBe("params.scope");
  });
});
