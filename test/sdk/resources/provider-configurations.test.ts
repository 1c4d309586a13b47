import { beforeAll, describe, expect, it } from "vitest";
import { BadRequestError, InvalidArgumentError, NotFoundError, type VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor, rejectionOf } from "../../fixtures/http";
import { DEMO_ACCOUNT as ACCOUNT, linkNumber } from "../../fixtures/platform";

const emu = useEmulator();
let client: VoiceClient;
beforeAll(async () => {
  client = clientFor(emu);
});

/** The stored auth token of configuration `id` (admin state holds the platform's secrets). */
async function storedToken(id: number): Promise<unknown> {
  return (await emu.admin.state()).configurations.find((c) => c.id === id)?.auth_token;
}

describe("provider configurations", () => {
  it("create, retrieve, list, update, delete", async () => {
    const created = await client.providerConfigurations.create({
      provider: "twilio",
      account_sid: ACCOUNT,
      auth_token: "tok-one-1",
    });
    expect(created).toMatchObject({ provider: "twilio", account_sid: ACCOUNT });
    expect(typeof created.id).toBe("number");
    expect(created).not.toHaveProperty("auth_token");
    expect(await client.providerConfigurations.retrieve(created.id)).toEqual(created);
    expect((await client.providerConfigurations.list()).data).toEqual([created]);

    const rotated = await client.providerConfigurations.update(created.id, { auth_token: "tok-two-2" });
    expect(rotated).toEqual(created);
    expect(await storedToken(created.id)).toBe("tok-two-2");
    const moved = await client.providerConfigurations.update(created.id, { account_sid: "AC2" });
    expect(moved.account_sid).toBe("AC2");

    await expect(client.providerConfigurations.delete(created.id)).resolves.toBeUndefined();
    expect(await rejectionOf(client.providerConfigurations.retrieve(created.id))).toBeInstanceOf(
      NotFoundError,
    );
    expect(await rejectionOf(client.providerConfigurations.delete(created.id))).toBeInstanceOf(NotFoundError);
  });

  it("duplicates and unknown providers are the platform's 400", async () => {
    await client.providerConfigurations.create({
      provider: "twilio",
      account_sid: ACCOUNT,
      auth_token: "tok-one-1",
    });
    const dup = await rejectionOf(
      client.providerConfigurations.create({
        provider: "twilio",
        account_sid: ACCOUNT,
        auth_token: "tok-one-1",
      }),
    );
    expect(dup).toBeInstanceOf(BadRequestError);
    expect((dup as BadRequestError).code).toBe("already_exists");
    const unknown = await rejectionOf(
      client.providerConfigurations.create({
        provider: "acme-telco",
        account_sid: ACCOUNT,
        auth_token: "tok-one-1",
      }),
    );
    expect((unknown as BadRequestError).errors).toHaveProperty("provider");
  });

  it("a configuration a bridge number uses cannot be deleted", async () => {
    const cfg = await linkNumber(client, {
      slug: "main",
      bridgeName: "Main",
      phoneNumber: "+14155550100",
      authToken: "tok-one-1",
    });
    const err = await rejectionOf(client.providerConfigurations.delete(cfg.id));
    expect(err).toMatchObject({ name: "BadRequestError", code: "configuration_in_use" });
  });

  it("bad arguments are refused before sending", async () => {
    await emu.admin.clearRequests();
    const cases: [Promise<unknown>, string][] = [
      [
        client.providerConfigurations.create({ provider: "twilio", account_sid: "", auth_token: "x" }),
        "account_sid",
      ],
      [
        client.providerConfigurations.create({ provider: "twilio", account_sid: "AC1" } as never),
        "auth_token",
      ],
      [client.providerConfigurations.retrieve(1.5), "id"],
      [client.providerConfigurations.update(0, { auth_token: "x" }), "id"],
      [client.providerConfigurations.update(1, { auth_token: "   " }), "auth_token"],
      [client.providerConfigurations.delete(Number.NaN), "id"],
    ];
    const errors = await Promise.all(cases.map(([p]) => rejectionOf(p)));
    cases.forEach(([, field], i) => {
      expect(errors[i]).toBeInstanceOf(InvalidArgumentError);
      expect((errors[i] as InvalidArgumentError).field).toBe(field);
    });
    expect(await emu.admin.requests()).toEqual([]);
  });
});
