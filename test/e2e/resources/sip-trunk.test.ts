// SipTrunk through the real engine: everything updates in place; the SIP password stays encrypted.

import { describe, expect, it } from "vitest";
import { upOnly } from "../../fixtures/stack-up";
import {
  driftReport,
  OP_TIMEOUT_MS,
  type ProgramSpec,
  plainExport,
  SECRETS,
  useVoiceStack,
} from "../../fixtures/voice-stack";

const ctx = useVoiceStack();

const trunk = (extra: Record<string, unknown> = {}): ProgramSpec => ({
  trunks: [
    {
      name: "edge",
      sipUrl: "sip.acme.example",
      authUsername: "acme",
      password: true,
      allowedIps: ["203.0.113.11", "203.0.113.10"],
      ...extra,
    },
  ],
});
const stored = async () => (await ctx.emu.admin.state()).trunks;

describe("SipTrunk with the real engine", { timeout: OP_TIMEOUT_MS }, () => {
  let id: number;

  it("up creates exactly the declared trunk with the platform defaults", async () => {
    await ctx.voice.declare(trunk());
    await upOnly(ctx.voice.stack);
    const [only, ...rest] = await stored();
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      name: "edge",
      transport: "tcp",
      port: "5060",
      auth_password: SECRETS.sipPassword,
      source_ips: ["203.0.113.10", "203.0.113.11"],
    });
    id = only!.id;
    expect(await plainExport(ctx.voice.stack)).not.toContain(SECRETS.sipPassword);
  });

  it("preview and refresh right after find no change; reordered IPs are no change", async () => {
    expect((await ctx.voice.stack.refresh()).summary.resourceChanges).toEqual({ same: 2 });
    await ctx.voice.declare(trunk({ allowedIps: ["203.0.113.10", "203.0.113.11", "203.0.113.10"] }));
    expect((await ctx.voice.stack.preview()).changeSummary).toEqual({ same: 2 });
  });

  it("edits to every field are in-place updates of the same trunk", async () => {
    await ctx.voice.declare(
      trunk({ trunkName: "edge-2", transport: "TLS", port: 5061, allowedIps: ["198.51.100.7"] }),
    );
    const up = await ctx.voice.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(await stored()).toMatchObject([
      { id, name: "edge-2", transport: "tls", port: "5061", source_ips: ["198.51.100.7"] },
    ]);
  });

  it("detects out-of-band changes and deletion; up restores the declared trunk", async () => {
    await ctx.emu.admin.patchTrunk("acme", id, { transport: "udp" });
    expect(await driftReport(ctx.voice.stack)).toMatch(
      /voice:SipTrunk: \(update\)[\s\S]*::edge\][\s\S]*transport/,
    );
    await upOnly(ctx.voice.stack, { refresh: true });
    expect(await stored()).toMatchObject([{ id, transport: "tls" }]);

    await ctx.emu.admin.deleteTrunk("acme", id);
    await ctx.voice.stack.refresh();
    await upOnly(ctx.voice.stack);
    expect(await stored()).toMatchObject([
      { name: "edge-2", transport: "tls", auth_password: SECRETS.sipPassword },
    ]);
    expect(await plainExport(ctx.voice.stack)).not.toContain(SECRETS.sipPassword);
  });

  it("destroy leaves nothing behind", async () => {
    await ctx.voice.stack.destroy();
    expect(await stored()).toEqual([]);
  });
});
