import { networkInterfaces } from "node:os";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, AdminError, type Emulator, startEmulator } from "../../../emulator";
import { adminAccess } from "../../../emulator/admin/guard";
import { isLoopbackAddress, isLoopbackHost } from "../../../emulator/http/loopback";

// The machine's own non-loopback address: traffic to it stays on this machine, yet the server
// sees a non-loopback peer. Nothing here talks to any other address.
const ownAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i !== undefined && !i.internal && i.family === "IPv4")?.address;

describe("isLoopbackAddress / isLoopbackHost", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["0:0:0:0:0:0:0:1", true],
    ["::ffff:127.0.0.1", true],
    ["192.0.2.2", false],
    ["::ffff:192.0.2.2", false],
    ["fe80::1", false],
    ["0.0.0.0", false],
    ["localhost", false],
    ["", false],
  ])("%s -> %s", (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });

  it("hosts: localhost and loopback addresses only", () => {
    expect(isLoopbackHost("localhost")).toBe(true);
    expect(isLoopbackHost("[::1]")).toBe(true);
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    for (const host of ["0.0.0.0", "::", "192.0.2.2", "voice.example"])
      expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("adminAccess", () => {
  it("without an admin token: loopback yes, anything else 403 naming the way out", () => {
    expect(adminAccess("127.0.0.1", {}, undefined)).toEqual({ ok: true });
    expect(adminAccess(undefined, {}, undefined)).toMatchObject({ ok: false, status: 403 });
    const remote = adminAccess("192.0.2.2", {}, undefined);
    expect(remote).toMatchObject({ ok: false, status: 403, body: { error: { code: "forbidden" } } });
    expect(JSON.stringify(remote)).toContain("--admin-token");
  });

  it("with an admin token: required from every address, as Bearer or X-Emulator-Admin-Token", () => {
    expect(adminAccess("127.0.0.1", {}, "s3cret")).toMatchObject({ ok: false, status: 401 });
    expect(adminAccess("127.0.0.1", { authorization: "Bearer wrong" }, "s3cret")).toMatchObject({
      status: 401,
    });
    expect(adminAccess("192.0.2.2", { authorization: "Bearer s3cret" }, "s3cret")).toEqual({ ok: true });
    expect(adminAccess("192.0.2.2", { "x-emulator-admin-token": "s3cret" }, "s3cret")).toEqual({ ok: true });
    expect(adminAccess("127.0.0.1", { authorization: "Token s3cret" }, "s3cret")).toMatchObject({
      status: 401,
    });
  });
});

describe("admin surface over HTTP", () => {
  let open: Emulator;
  let guarded: Emulator;
  beforeAll(async () => {
    // 0.0.0.0 so the machine's own non-loopback address reaches it too.
    open = await startEmulator({ host: "0.0.0.0" });
    guarded = await startEmulator({ host: "0.0.0.0", adminToken: "admin-s3cret" });
  });
  afterAll(async () => {
    await open?.close();
    await guarded?.close();
  });

  const at = (emulator: Emulator, host: string) => `http://${host}:${emulator.port}`;

  it("without an admin token, loopback clients are served", async () => {
    expect((await new AdminClient(at(open, "127.0.0.1")).state()).organizations).toHaveLength(3);
  });

  it("without an admin token, a non-loopback client gets 403", async () => {
    // A machine without a non-loopback interface: the predicate above is all there is to test.
    if (ownAddress === undefined) return;
    const host = ownAddress;
    const err = await new AdminClient(at(open, host)).state().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminError);
    expect(err).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    // the platform API itself stays reachable (with its own token)
    const res = await request(`${at(open, host)}/api/v2/platform/organizations/`, {
      headers: { authorization: `Token ${open.token}` },
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
  });

  it("with an admin token, every client must send it; AdminClient does", async () => {
    const err = await new AdminClient(at(guarded, "127.0.0.1")).state().catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, body: { error: { code: "unauthorized" } } });
    const res = await request(`${at(guarded, "127.0.0.1")}/_emulator/state`, {
      headers: { "x-emulator-admin-token": "admin-s3cret" },
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    for (const host of ownAddress === undefined ? ["127.0.0.1"] : ["127.0.0.1", ownAddress]) {
      const admin = new AdminClient(at(guarded, host), { token: "admin-s3cret" });
      await admin.reset();
      expect((await admin.state()).organizations).toHaveLength(3);
    }
  });

  it("no spelling of the admin path slips past the guard", async () => {
    const res = await request(`${at(guarded, "127.0.0.1")}/%5Femulator/state`);
    expect(res.statusCode).toBe(401);
    await res.body.dump();
  });
});
