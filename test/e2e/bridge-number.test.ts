// BridgeNumber through the real engine: links made and broken in the right order; numbers never released.

import { describe, expect, it } from "vitest";
import { upOnly } from "../fixtures/stack-up";
import { driftReport, OP_TIMEOUT_MS, type ProgramSpec, useVoiceStack } from "../fixtures/voice-stack";

const ctx = useVoiceStack();

const spec = (links: { bridge: string; phoneNumber: string }[]): ProgramSpec => ({
  configurations: [{ name: "twilio", provider: "twilio", accountSid: "AC00000000000000000000000000000001" }],
  bridges: [
    { name: "main", bridgeName: "Main", slug: "main" },
    { name: "overflow", bridgeName: "Overflow", slug: "overflow" },
  ],
  numbers: links.map((l, i) => ({ name: `n${i}`, configuration: "twilio", ...l })),
});

/** Which number sits on which bridge, per the emulator. */
async function linked(): Promise<string[]> {
  const state = await ctx.emu.admin.state();
  return state.links
    .map((l) => {
      const bridge = state.bridges.find((b) => b.id === l.bridge_id)?.slug;
      const number = state.numbers.find((n) => n.id === l.number_id)?.number;
      return `${bridge}:${number}`;
    })
    .sort();
}

describe("BridgeNumber with the real engine", { timeout: OP_TIMEOUT_MS }, () => {
  it("up connects exactly the declared numbers", async () => {
    await ctx.voice.declare(
      spec([
        { bridge: "main", phoneNumber: "+14155550100" },
        { bridge: "main", phoneNumber: "+1 (415) 555-0101" },
      ]),
    );
    const up = await ctx.voice.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ create: 6 });
    expect(await linked()).toEqual(["main:+14155550100", "main:+14155550101"]);
    expect(up.outputs.numberStates?.value).toEqual({ n0: "ASSIGNED", n1: "ASSIGNED" });
  });

  it("preview and refresh right after find no change", async () => {
    expect((await ctx.voice.stack.preview()).changeSummary).toEqual({ same: 6 });
    expect((await ctx.voice.stack.refresh()).summary.resourceChanges).toEqual({ same: 6 });
  });

  it("moving a number to another bridge is one in-place update: disconnect, then connect, id kept", async () => {
    await ctx.emu.admin.clearRequests();
    await ctx.voice.declare(
      spec([
        { bridge: "overflow", phoneNumber: "+14155550100" },
        { bridge: "main", phoneNumber: "+14155550101" },
      ]),
    );
    const up = await ctx.voice.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(up.summary.resourceChanges?.replace).toBeUndefined();
    expect(await linked()).toEqual(["main:+14155550101", "overflow:+14155550100"]);
    // The id names no bridge (an update cannot change an id): `<configurationId>/<number>`, true after the move.
    const resources = (await ctx.voice.stack.exportStack()).deployment.resources as {
      id?: string;
      outputs?: { bridgeSlug?: string; phoneNumber?: string; providerConfigurationId?: number };
    }[];
    const moved = resources.find((r) => r.outputs?.phoneNumber === "+14155550100");
    expect(moved?.id).toBe(`${moved?.outputs?.providerConfigurationId}/+14155550100`);
    expect(moved?.outputs?.bridgeSlug).toBe("overflow");
    const writes = (await ctx.emu.admin.requests()).filter((r) => r.method === "POST").map((r) => r.path);
    expect(writes).toEqual([
      "/telephony/bridges/main/disconnect-provider/",
      "/telephony/bridges/overflow/connect-provider/",
    ]);
  });

  it("detects a number disconnected out of band and connects it again", async () => {
    await ctx.emu.admin.disconnectNumber("acme", "main", "+14155550101");
    expect(await driftReport(ctx.voice.stack)).toMatch(
      /\+ pulumi-nodejs:dynamic\/voice:BridgeNumber: \(create\)[\s\S]*::n1\]/,
    );
    expect((await ctx.voice.stack.refresh()).summary.resourceChanges).toMatchObject({ delete: 1 });
    await upOnly(ctx.voice.stack);
    expect(await linked()).toEqual(["main:+14155550101", "overflow:+14155550100"]);
  });

  it("destroy disconnects everything and leaves the numbers with the organization", async () => {
    await ctx.voice.stack.destroy();
    const state = await ctx.emu.admin.state();
    expect(state.links).toEqual([]);
    expect(state.bridges).toEqual([]);
    expect(state.configurations).toEqual([]);
    const numbers = state.numbers.filter((n) => ["+14155550100", "+14155550101"].includes(n.number));
    expect(numbers.map((n) => n.organization)).toEqual(["acme", "acme"]);
  });
});
