import { beforeAll, describe, expect, it } from "vitest";
import { runtimeContext } from "../../../../provider/connection/context-cache";
import { bridgeDetails } from "../../../../provider/links/bridge-details";
import { BRIDGE } from "../../../../provider/resources/bridge/descriptor";
import { UNKNOWN } from "../../../../provider/runtime/fields";
import { forgetTakenKeys, RECOVERING_ENV } from "../../../../provider/runtime/ownership";
import { serve } from "../../../../provider/runtime/serve";
import { useEmulator } from "../../../fixtures/emulator";
import { checked, configureRuntime } from "../../../fixtures/provider";

const bridge = serve(BRIDGE);

const emu = useEmulator();
beforeAll(async () => {
  await configureRuntime(emu);
});

const bridgesOf = async (org = "acme") =>
  (await emu.admin.state()).bridges.filter((b) => b.organization === org);

describe("Bridge check", () => {
  it("normalizes and accepts a valid bridge", async () => {
    const result = await bridge.check!({}, { name: "  Support line ", slug: "support-line" });
    expect(result.failures ?? []).toEqual([]);
    expect(result.inputs).toMatchObject({ name: "Support line", slug: "support-line" });
  });

  it("names each invalid property", async () => {
    const result = await bridge.check!({}, { name: "", slug: "Not A Slug" });
    const properties = (result.failures ?? []).map((f) => f.property).sort();
    expect(properties).toEqual(["name", "slug"]);
    expect(result.failures?.find((f) => f.property === "slug")?.reason).toMatch(/lowercase/);
  });

  it("reports a missing property as required", async () => {
    const result = await bridge.check!({}, { slug: "x" });
    expect(result.failures).toEqual([{ property: "name", reason: "is required" }]);
  });

  it("leaves values unknown at preview alone", async () => {
    const result = await bridge.check!({}, { name: UNKNOWN, slug: "ok" });
    expect(result.failures ?? []).toEqual([]);
    expect(result.inputs?.name).toBe(UNKNOWN);
  });
});

describe("Bridge diff", () => {
  const olds = { name: "Support", slug: "support", bridgeId: 1, createdAt: "2026-01-01T00:00:00Z" };

  it("is no change when nothing differs", async () => {
    expect((await bridge.diff!("support", olds, { name: "Support", slug: "support" })).changes).toBe(false);
  });

  it("updates a name in place", async () => {
    const d = await bridge.diff!("support", olds, { name: "Help", slug: "support" });
    expect(d).toMatchObject({ changes: true, replaces: [] });
  });

  it("replaces on a slug change", async () => {
    const d = await bridge.diff!("support", olds, { name: "Support", slug: "help" });
    expect(d).toMatchObject({ changes: true, replaces: ["slug"] });
  });

  it("ignores the adopt switch", async () => {
    expect(
      (await bridge.diff!("support", olds, { name: "Support", slug: "support", adopt: true })).changes,
    ).toBe(false);
  });
});

describe("Bridge lifecycle against the emulator", () => {
  it("creates, reads, updates and deletes", async () => {
    const inputs = await checked(bridge, { name: "Support", slug: "support" });
    const created = await bridge.create(inputs);
    expect(created.id).toBe("support");
    expect(created.outs).toMatchObject({ name: "Support", slug: "support", bridgeId: expect.any(Number) });
    expect(await bridgesOf()).toHaveLength(1);

    const read = await bridge.read!(created.id, created.outs);
    expect(read.props).toEqual(created.outs);
    expect(read.inputs).toEqual({ name: "Support", slug: "support" });

    const updated = await bridge.update!(created.id, created.outs, { ...inputs, name: "Help desk" });
    expect(updated.outs).toMatchObject({ name: "Help desk", bridgeId: created.outs.bridgeId });
    expect((await bridgesOf())[0]?.name).toBe("Help desk");

    await bridge.delete!(created.id, updated.outs);
    expect(await bridgesOf()).toHaveLength(0);
    await expect(bridge.delete!(created.id, updated.outs)).resolves.toBeUndefined();
  });

  it("sees an out-of-band rename and deletion on read", async () => {
    const created = await bridge.create(await checked(bridge, { name: "Support", slug: "support" }));
    await emu.admin.renameBridge("acme", "support", "Renamed by hand");
    const drifted = await bridge.read!(created.id, created.outs);
    expect(drifted.props?.name).toBe("Renamed by hand");
    expect(drifted.inputs?.name).toBe("Renamed by hand");

    await emu.admin.deleteBridge("acme", "support");
    // A new engine run: within one, plain reads of a bridge share one answer for a few seconds.
    bridgeDetails(runtimeContext()).forget();
    expect(await bridge.read!(created.id, created.outs)).toEqual({});
  });

  it("never writes to another bridge that took over a deleted bridge's slug: read finds it gone, update refuses, delete leaves it", async () => {
    const ours = await bridge.create(await checked(bridge, { name: "Ours", slug: "reused" }));
    await emu.admin.deleteBridge("acme", "reused");
    const theirs = await bridge.create(await checked(bridge, { name: "Theirs", slug: "reused" }));
    expect(await bridge.read!(ours.id, ours.outs)).toEqual({});
    const refused = await bridge.update!(ours.id, ours.outs, { name: "Renamed", slug: "reused" }).catch(
      (e) => e,
    );
    expect((refused as Error).message).toContain(`id ${theirs.outs.bridgeId}`);
    await bridge.delete!(ours.id, ours.outs);
    expect((await bridgesOf()).map((b) => [b.id, b.name])).toEqual([[theirs.outs.bridgeId, "Theirs"]]);
  });

  it("fails on an existing slug, naming type, method, path and status", async () => {
    const inputs = await checked(bridge, { name: "Support", slug: "support" });
    await bridge.create(inputs);
    const error = await bridge.create({ ...inputs, name: "Again" }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/voice:Bridge create failed: POST \/telephony\/bridges\/ .*400/);
    expect((error as Error).message).toMatch(/already_exists/);
  });

  it("adopts an equal bridge by slug without writing", async () => {
    const first = await bridge.create(await checked(bridge, { name: "Support", slug: "support" }));
    await emu.admin.clearRequests();
    const adopted = await bridge.create(
      await checked(bridge, { name: "Support", slug: "support", adopt: true }),
    );
    expect(adopted).toMatchObject({ id: "support", outs: { bridgeId: first.outs.bridgeId } });
    expect((await emu.admin.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("refuses to adopt a bridge whose live name differs, naming the field; overwrite applies it", async () => {
    await bridge.create(await checked(bridge, { name: "Made elsewhere", slug: "support" }));
    const refused = await bridge
      .create(await checked(bridge, { name: "Support", slug: "support", adopt: true }))
      .catch((e: Error) => e);
    expect((refused as Error).message).toMatch(
      /cannot adopt bridge "support".*name \(live "Made elsewhere"\)/,
    );
    expect((await bridgesOf()).map((b) => b.name)).toEqual(["Made elsewhere"]);
    await bridge.create(await checked(bridge, { name: "Support", slug: "support", adopt: "overwrite" }));
    expect((await bridgesOf()).map((b) => b.name)).toEqual(["Support"]);
  });

  it("fails check at preview when a new slug is taken on the platform and adopt is not set", async () => {
    await emu.admin.seed({});
    await bridge.create(await checked(bridge, { name: "Theirs", slug: "support" }));
    forgetTakenKeys(runtimeContext());
    const result = await bridge.check!({}, { name: "Support", slug: "support" });
    expect(result.failures?.[0]?.property).toBe("slug");
    expect(result.failures?.[0]?.reason).toMatch(/already exists on the platform .*adopt: true/);
    expect(
      (await bridge.check!({ slug: "support" }, { name: "Support", slug: "support" })).failures,
    ).toBeUndefined();
    expect((await bridge.check!({}, { name: "S", slug: "support", adopt: true })).failures).toBeUndefined();
  });

  it("lets a taken slug pass check in recover's preview, which writes nothing and looks for exactly those keys", async () => {
    await emu.admin.seed({});
    await bridge.create(await checked(bridge, { name: "Theirs", slug: "support" }));
    forgetTakenKeys(runtimeContext());
    process.env[RECOVERING_ENV] = "true";
    try {
      expect((await bridge.check!({}, { name: "Support", slug: "support" })).failures).toBeUndefined();
    } finally {
      delete process.env[RECOVERING_ENV];
    }
    expect((await bridge.check!({}, { name: "Support", slug: "support" })).failures?.[0]?.property).toBe(
      "slug",
    );
  });

  it("reads by id alone, as Resource.get does", async () => {
    await bridge.create(await checked(bridge, { name: "Support", slug: "support" }));
    const read = await bridge.read!("support", {});
    expect(read).toMatchObject({ id: "support", props: { name: "Support", slug: "support" } });
  });

  it("keeps other organizations' bridges out of reach", async () => {
    await configureRuntime(emu, { "voice:orgHandle": "globex" });
    const theirs = await bridge.create(await checked(bridge, { name: "Ops", slug: "ops" }));
    await configureRuntime(emu);
    expect(await bridge.read!(theirs.id, theirs.outs)).toEqual({});
    expect(await bridgesOf("globex")).toHaveLength(1);
  });
});
