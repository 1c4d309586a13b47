import { beforeAll, describe, expect, it } from "vitest";
import { BadRequestError, InvalidArgumentError, NotFoundError, type VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor, rejectionOf } from "../../fixtures/http";
import { TRUNK_DEFAULTS } from "../../fixtures/platform";

const emu = useEmulator();
let client: VoiceClient;
beforeAll(async () => {
  client = clientFor(emu);
});

describe("SIP trunks", () => {
  it("create with defaults, secrets masked; retrieve, list, update, delete", async () => {
    const minimal = await client.trunks.create({ name: "plain", sip_url: "sip.example.com" });
    expect(minimal).toMatchObject({
      ...TRUNK_DEFAULTS,
      org_handle: "acme",
    });

    const trunk = await client.trunks.create({
      name: "carrier",
      sip_url: "sips:edge.example.com",
      transport: "tls",
      port: 5061,
      auth_username: "alice",
      auth_password: "sip-pass-SECRET",
      source_ips: ["10.0.0.1", "2001:db8::/32"],
    });
    expect(trunk).toMatchObject({
      name: "carrier",
      transport: "tls",
      port: "5061",
      auth_username: "alice",
      auth_password: "********",
      allowed_ips: "10.0.0.1,2001:db8::/32",
    });
    expect(await client.trunks.retrieve(trunk.id)).toMatchObject({
      auth_username: "alice",
      auth_password: "********",
    });
    const listed = (await client.trunks.list()).data.find((t) => t.id === trunk.id);
    expect(listed?.auth_username).toBe("al***");
    expect(JSON.stringify((await client.trunks.list()).data)).not.toContain("sip-pass-SECRET");

    const updated = await client.trunks.update(trunk.id, {
      port: "5070",
      source_ips: [],
      auth_password: null,
    });
    expect(updated).toMatchObject({ port: "5070", allowed_ips: "", auth_password: null, transport: "tls" });

    await expect(client.trunks.delete(trunk.id)).resolves.toBeUndefined();
    expect(await rejectionOf(client.trunks.retrieve(trunk.id))).toBeInstanceOf(NotFoundError);
  });

  it("sees a change made in the dashboard", async () => {
    const trunk = await client.trunks.create({ name: "t", sip_url: "sip.example.com" });
    await emu.admin.patchTrunk("acme", trunk.id, { active: false, port: "5080" });
    expect(await client.trunks.retrieve(trunk.id)).toMatchObject({ active: false, port: "5080" });
  });

  it("a duplicate name is the platform's 400", async () => {
    await client.trunks.create({ name: "t", sip_url: "sip.example.com" });
    const err = await rejectionOf(client.trunks.create({ name: "t", sip_url: "sip.example.com" }));
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).code).toBe("already_exists");
  });

  it("bad transport, port, IPs and ids are refused before sending", async () => {
    await emu.admin.clearRequests();
    const base = { name: "t", sip_url: "sip.example.com" };
    const cases: [Promise<unknown>, string][] = [
      [client.trunks.create({ ...base, transport: "ws" } as never), "transport"],
      [client.trunks.create({ ...base, port: 70000 }), "port"],
      [client.trunks.create({ ...base, port: "50a" }), "port"],
      [client.trunks.create({ ...base, source_ips: ["10.0.0.1", "10.0.0.999"] }), "source_ips[1]"],
      [client.trunks.create({ name: "t" } as never), "sip_url"],
      [client.trunks.create({ name: "t", sip_url: "a..b" }), "sip_url"],
      [client.trunks.update(1, { sip_url: "sip:" }), "sip_url"],
      [client.trunks.create({ ...base, name: "n".repeat(256) }), "name"],
      [client.trunks.create({ ...base, auth_username: "" }), "auth_username"],
      [client.trunks.create({ ...base, source_ips: ["fe80::1%eth0"] }), "source_ips[0]"],
      [client.trunks.update(1, { auth_password: 5 } as never), "auth_password"],
      [client.trunks.retrieve(-3), "id"],
      [client.trunks.delete("1" as never), "id"],
    ];
    const errors = await Promise.all(cases.map(([p]) => rejectionOf(p)));
    cases.forEach(([, field], i) => {
      expect(errors[i]).toBeInstanceOf(InvalidArgumentError);
      expect((errors[i] as InvalidArgumentError).field).toBe(field);
    });
    expect(await emu.admin.requests()).toEqual([]);
  });
});
