import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  BadRequestError,
  type BridgeDetail,
  InvalidArgumentError,
  NotFoundError,
  type ProviderConfiguration,
  type VoiceClient,
} from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor, rejectionOf } from "../../fixtures/http";

const emu = useEmulator();
let client: VoiceClient;
let cfg: ProviderConfiguration;
beforeAll(async () => {
  client = clientFor(emu);
});
beforeEach(async () => {
  cfg = await client.providerConfigurations.create({
    provider: "twilio",
    account_sid: "AC00000000000000000000000000000001",
    auth_token: "tok-one-1",
  });
});

describe("bridges", () => {
  it("create answers {id, name, slug, created_at}; list, retrieve, update, delete", async () => {
    const created = await client.bridges.create({ name: "Main line", slug: "main" });
    expect(created).toMatchObject({ name: "Main line", slug: "main" });
    expect(typeof created.id).toBe("number");

    const list = await client.bridges.list();
    expect(list.data).toEqual([
      expect.objectContaining({ id: created.id, slug: "main", provider: null, numbers: [] }),
    ]);

    const detail = await client.bridges.retrieve("main");
    expect(detail).toMatchObject({
      id: created.id,
      name: "Main line",
      slug: "main",
      provider: null,
      numbers: [],
    });

    const updated = await client.bridges.update("main", { name: "Renamed" });
    expect(updated).toMatchObject({ slug: "main", name: "Renamed", numbers: [] });

    await expect(client.bridges.delete("main")).resolves.toBeUndefined();
    expect(await rejectionOf(client.bridges.retrieve("main"))).toBeInstanceOf(NotFoundError);
  });

  it("connect and disconnect numbers; list and detail views differ", async () => {
    await client.bridges.create({ name: "Main", slug: "main" });
    const connected = await client.bridges.connectProvider("main", {
      provider_config_id: cfg.id,
      phone_number: "+1 (415) 555-0100", // separators are removed before sending
    });
    expect(connected).toMatchObject({ bridge_slug: "main", phone_number: "+14155550100" });
    await client.bridges.connectProvider("main", {
      provider_config_id: cfg.id,
      phone_number: "+14155550101",
    });

    const detail: BridgeDetail = await client.bridges.retrieve("main");
    expect(detail.provider).toBe("twilio");
    expect(detail.numbers).toHaveLength(2);
    expect(detail.numbers[0]).toMatchObject({
      number: "+14155550100",
      state: "ASSIGNED",
      active: true,
      channels_count: 0,
      status: "connected",
    });
    expect(typeof detail.numbers[0]?.number_id).toBe("number");

    const [listed] = (await client.bridges.list()).data;
    expect(listed?.provider).toBe("twilio");
    expect(listed?.numbers.map((n) => n.number)).toEqual(["+14155550100", "+14155550101"]);
    expect(listed?.numbers[0]).not.toHaveProperty("number_id");

    const gone = await client.bridges.disconnectProvider("main", { phone_number: "+14155550100" });
    expect(gone).toMatchObject({ bridge_slug: "main" });
    expect((await client.bridges.retrieve("main")).numbers.map((n) => n.number)).toEqual(["+14155550101"]);
  });

  it("link rules are the platform's 400s (B7, B8, B9)", async () => {
    await client.bridges.create({ name: "A", slug: "a" });
    await client.bridges.create({ name: "B", slug: "b" });
    await client.bridges.connectProvider("a", { provider_config_id: cfg.id, phone_number: "+14155550100" });
    const cases: [Promise<unknown>, string][] = [
      [
        client.bridges.connectProvider("b", { provider_config_id: cfg.id, phone_number: "+14155550100" }),
        "number_already_linked",
      ],
      [
        client.bridges.connectProvider("b", { provider_config_id: cfg.id, phone_number: "+12125550100" }),
        "number_not_in_account",
      ],
      [
        client.bridges.connectProvider("b", { provider_config_id: 999, phone_number: "+14155550102" }),
        "invalid_provider_config",
      ],
      [client.bridges.disconnectProvider("b", { phone_number: "+14155550100" }), "number_not_linked"],
      [client.bridges.delete("a"), "bridge_has_numbers"],
      [client.bridges.create({ name: "Again", slug: "a" }), "already_exists"],
    ];
    // Every case's rejection is caught at once: awaiting them one by one leaves the later ones
    // unhandled while the earlier ones are awaited.
    const errors = await Promise.all(cases.map(([p]) => rejectionOf(p)));
    cases.forEach(([, code], i) => {
      expect(errors[i]).toBeInstanceOf(BadRequestError);
      expect((errors[i] as BadRequestError).code).toBe(code);
    });
  });

  it("sees a rename made in the dashboard (drift)", async () => {
    await client.bridges.create({ name: "Main", slug: "main" });
    await emu.admin.renameBridge("acme", "main", "Changed by hand");
    expect((await client.bridges.retrieve("main")).name).toBe("Changed by hand");
  });

  it("another organization's bridge is a 404", async () => {
    await client.bridges.create({ name: "Main", slug: "main" });
    expect(await rejectionOf(client.bridges.retrieve("main", { orgHandle: "globex" }))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it("bad slugs, names and phone numbers are refused before sending", async () => {
    await emu.admin.clearRequests();
    const cases: [Promise<unknown>, string][] = [
      [client.bridges.create({ name: "X", slug: "" }), "slug"],
      [client.bridges.create({ name: "X", slug: "Not_A_Slug" }), "slug"],
      [client.bridges.create({ name: " ", slug: "ok" }), "name"],
      [client.bridges.retrieve(""), "slug"],
      [client.bridges.update("-bad", { name: "X" }), "slug"],
      [client.bridges.update("ok", {} as never), "name"],
      [client.bridges.delete("a".repeat(65)), "slug"],
      [
        client.bridges.connectProvider("ok", { provider_config_id: 1, phone_number: "4155550100" }),
        "phone_number",
      ],
      [
        client.bridges.connectProvider("ok", { provider_config_id: 1.2, phone_number: "+14155550100" }),
        "provider_config_id",
      ],
      [client.bridges.disconnectProvider("ok", { phone_number: "+1415555010O" }), "phone_number"],
    ];
    const errors = await Promise.all(cases.map(([p]) => rejectionOf(p)));
    cases.forEach(([, field], i) => {
      expect(errors[i]).toBeInstanceOf(InvalidArgumentError);
      expect((errors[i] as InvalidArgumentError).field).toBe(field);
    });
    expect(await emu.admin.requests()).toEqual([]);
  });
});
