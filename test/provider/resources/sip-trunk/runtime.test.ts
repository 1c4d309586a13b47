import { beforeAll, describe, expect, it } from "vitest";
import { SIP_TRUNK } from "../../../../provider/resources/sip-trunk/descriptor";
import { serve } from "../../../../provider/runtime/serve";
import { useEmulator } from "../../../fixtures/emulator";
import { checked, configureRuntime } from "../../../fixtures/provider";

const sipTrunk = serve(SIP_TRUNK);

const PASSWORD = "sip-p4ssword-secret";

const emu = useEmulator();
beforeAll(async () => {
  await configureRuntime(emu);
});

const trunks = async () => (await emu.admin.state()).trunks;
const declared = (extra: Record<string, unknown> = {}, olds: Record<string, unknown> = {}) =>
  checked(
    sipTrunk,
    {
      name: "Primary",
      sipUrl: "sip.example.com",
      authUsername: "alice",
      authPassword: PASSWORD,
      allowedIps: ["10.0.0.2", "10.0.0.1"],
      ...extra,
    },
    olds,
  );

describe("SipTrunk check and diff", () => {
  it("fills the platform defaults and sorts the IP set", async () => {
    expect(await declared()).toMatchObject({
      transport: "tcp",
      port: "5060",
      allowedIps: ["10.0.0.1", "10.0.0.2"],
    });
  });

  it("normalizes transport case and numeric ports", async () => {
    expect(await declared({ transport: "TLS", port: 5061 })).toMatchObject({
      transport: "tls",
      port: "5061",
    });
  });

  it("names an unknown transport, a bad port and a bad IP with its index", async () => {
    const result = await sipTrunk.check!(
      {},
      {
        name: "T",
        sipUrl: "sip.example.com",
        transport: "sctp",
        port: "70000",
        allowedIps: ["1.2.3.4", "nope"],
      },
    );
    expect((result.failures ?? []).map((f) => f.property).sort()).toEqual(["", "port", "transport"]);
    // A nested property: the engine would print no value beside it, so the reason names it with its value.
    expect(result.failures?.find((f) => f.property === "")?.reason).toMatch(
      /^property allowedIps\[1\] value "nope" has a problem: /,
    );
  });

  it("sees IPs in another order as no change, and a new IP as an in-place update", async () => {
    const olds = { ...(await declared()), trunkId: 1 };
    expect(
      (await sipTrunk.diff!("1", olds, await declared({ allowedIps: ["10.0.0.1", "10.0.0.2"] }))).changes,
    ).toBe(false);
    const d = await sipTrunk.diff!("1", olds, await declared({ allowedIps: ["10.0.0.3"], name: "Renamed" }));
    expect(d).toMatchObject({ changes: true, replaces: [] });
  });
});

describe("SipTrunk lifecycle against the emulator", () => {
  it("creates, reads (password kept, never the mask), updates in place and deletes", async () => {
    const created = await sipTrunk.create(await declared());
    expect(created.outs).toMatchObject({
      name: "Primary",
      authPassword: PASSWORD,
      allowedIps: ["10.0.0.1", "10.0.0.2"],
      active: true,
    });
    expect((await trunks())[0]).toMatchObject({
      auth_password: PASSWORD,
      source_ips: ["10.0.0.1", "10.0.0.2"],
    });

    const read = await sipTrunk.read!(created.id, created.outs);
    expect(read.props).toEqual(created.outs);
    expect(JSON.stringify(read)).not.toContain("****");

    const updated = await sipTrunk.update!(
      created.id,
      created.outs,
      await declared({ port: "5080", allowedIps: ["10.0.0.9"] }, created.outs),
    );
    expect(updated.outs).toMatchObject({
      trunkId: created.outs.trunkId,
      port: "5080",
      allowedIps: ["10.0.0.9"],
    });
    expect((await trunks())[0]).toMatchObject({ port: "5080", source_ips: ["10.0.0.9"] });

    await sipTrunk.delete!(created.id, updated.outs);
    expect(await trunks()).toHaveLength(0);
  });

  it("reflects out-of-band edits and deletion on read", async () => {
    const created = await sipTrunk.create(await declared());
    await emu.admin.patchTrunk("acme", created.outs.trunkId, { transport: "udp", active: false });
    expect((await sipTrunk.read!(created.id, created.outs)).props).toMatchObject({
      transport: "udp",
      active: false,
    });
    await emu.admin.deleteTrunk("acme", created.outs.trunkId);
    expect(await sipTrunk.read!(created.id, created.outs)).toEqual({});
  });

  it("refuses to adopt a trunk whose live fields differ, naming them; overwrite applies the declared ones", async () => {
    const first = await sipTrunk.create(await declared({ sipUrl: "old.example.com" }));
    const refused = await sipTrunk.create(await declared({ adopt: true })).catch((e: Error) => e);
    expect((refused as Error).message).toMatch(/cannot adopt SIP trunk .*sipUrl \(live "old.example.com"\)/);
    expect((refused as Error).message).not.toContain(PASSWORD);
    const adopted = await sipTrunk.create(await declared({ adopt: "overwrite" }));
    expect(adopted.id).toBe(first.id);
    expect((await trunks()).map((t) => t.sip_url)).toEqual(["sip.example.com"]);
  });

  it("adopts an equal trunk without writing", async () => {
    const first = await sipTrunk.create(await declared());
    await emu.admin.clearRequests();
    const adopted = await sipTrunk.create(await declared({ adopt: true }));
    expect(adopted.id).toBe(first.id);
    expect((await emu.admin.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("errors name the operation and never hold the password", async () => {
    const inputs = await declared();
    await sipTrunk.create(inputs);
    const error = (await sipTrunk.create(inputs).catch((e: Error) => e)) as Error;
    expect(error.message).toMatch(/voice:SipTrunk create failed: POST \/telephony\/trunks\/ .*400/);
    expect(`${error.message}${error.stack}`).not.toContain(PASSWORD);
  });
});
