// Bridge through the real engine: create, no-op preview/refresh, update vs replace, drift, destroy.
import { describe, expect, it } from "vitest";
import { driftReport, OP_TIMEOUT_MS, type ProgramSpec, useVoiceStack } from "../../fixtures/voice-stack";

const ctx = useVoiceStack();

const spec = (bridgeName: string, slug = "support"): ProgramSpec => ({
  bridges: [{ name: "support", bridgeName, slug }],
});
const bridges = async () =>
  (await ctx.emu.admin.state()).bridges.map((b) => ({ id: b.id, name: b.name, slug: b.slug }));

describe("Bridge with the real engine", { timeout: OP_TIMEOUT_MS }, () => {
  let bridgeId: number;

  it("up creates exactly the declared bridge", async () => {
    await ctx.voice.declare(spec("Support"));
    const up = await ctx.voice.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ create: 2 });
    const [only, ...rest] = await bridges();
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ name: "Support", slug: "support" });
    bridgeId = only!.id;
    expect(up.outputs.bridgeIds?.value).toEqual({ support: bridgeId });
  });

  it("preview and refresh right after find no change", async () => {
    const preview = await ctx.voice.stack.preview();
    expect(preview.changeSummary).toEqual({ same: 2 });
    const refresh = await ctx.voice.stack.refresh();
    expect(refresh.summary.resourceChanges).toEqual({ same: 2 });
  });

  it("a name edit is an in-place update that keeps the platform id", async () => {
    await ctx.voice.declare(spec("Support desk"));
    const up = await ctx.voice.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ update: 1, same: 1 });
    expect(await bridges()).toEqual([{ id: bridgeId, name: "Support desk", slug: "support" }]);
  });

  it("a slug edit replaces the bridge", async () => {
    await ctx.voice.declare(spec("Support desk", "support-desk"));
    const up = await ctx.voice.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
    const after = await bridges();
    expect(after.map((b) => b.slug)).toEqual(["support-desk"]);
    expect(after[0]!.id).not.toBe(bridgeId);
  });

  it("detects an out-of-band rename, records it on refresh, and restores it on up", async () => {
    await ctx.emu.admin.renameBridge("acme", "support-desk", "Renamed in the dashboard");
    const drift = await driftReport(ctx.voice.stack);
    expect(drift).toMatch(
      /~ pulumi-nodejs:dynamic\/voice:Bridge: \(update\)[\s\S]*\[urn=.*::support\][\s\S]*name\s*:\s*"Renamed in the dashboard" => "Support desk"/,
    );

    const refresh = await ctx.voice.stack.refresh();
    expect(refresh.summary.resourceChanges).toMatchObject({ update: 1 });
    const up = await ctx.voice.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
    expect((await bridges()).map((b) => b.name)).toEqual(["Support desk"]);
    expect((await ctx.voice.stack.preview({ refresh: true, expectNoChanges: true })).changeSummary).toEqual({
      same: 2,
    });
  });

  it("detects an out-of-band deletion and creates the bridge again", async () => {
    await ctx.emu.admin.deleteBridge("acme", "support-desk");
    expect(await driftReport(ctx.voice.stack)).toMatch(
      /\+ pulumi-nodejs:dynamic\/voice:Bridge: \(create\)[\s\S]*::support\]/,
    );
    const refresh = await ctx.voice.stack.refresh();
    expect(refresh.summary.resourceChanges).toMatchObject({ delete: 1 });
    const up = await ctx.voice.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ create: 1 });
    expect((await bridges()).map((b) => b.slug)).toEqual(["support-desk"]);
  });

  it("destroy leaves nothing behind", async () => {
    const destroy = await ctx.voice.stack.destroy();
    expect(destroy.summary.resourceChanges).toMatchObject({ delete: 2 });
    expect(await bridges()).toEqual([]);
  });
});
