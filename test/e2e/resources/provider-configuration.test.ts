// ProviderConfiguration through the real engine, and its auth token kept out of state in plaintext.

import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNT as ACCOUNT } from "../../fixtures/platform";
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

const spec = (provider: string, accountSid = ACCOUNT): ProgramSpec => ({
  configurations: [{ name: "carrier", provider, accountSid }],
});
const stored = async () => (await ctx.emu.admin.state()).configurations;
const exported = () => plainExport(ctx.voice.stack);

describe("ProviderConfiguration with the real engine", { timeout: OP_TIMEOUT_MS }, () => {
  let id: number;

  it("up creates exactly the declared configuration, with the secret token", async () => {
    await ctx.voice.declare(spec("twilio"));
    await upOnly(ctx.voice.stack);
    const [only, ...rest] = await stored();
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ provider: "twilio", account_sid: ACCOUNT, auth_token: SECRETS.authToken });
    id = only!.id;
  });

  it("keeps the API token and the auth token out of state in plaintext", async () => {
    const state = await exported();
    expect(state).not.toContain(SECRETS.authToken);
    expect(state).not.toContain(ctx.emu.token);
    expect(state).toContain("4dabf18193072939515e22adb298388d"); // the secret marker: encrypted, not dropped
  });

  it("preview and refresh right after find no change, and refresh keeps the token encrypted", async () => {
    expect((await ctx.voice.stack.preview()).changeSummary).toEqual({ same: 2 });
    expect((await ctx.voice.stack.refresh()).summary.resourceChanges).toEqual({ same: 2 });
    expect(await exported()).not.toContain(SECRETS.authToken);
  });

  it("an account SID edit is an in-place update", async () => {
    await ctx.voice.declare(spec("twilio", "AC00000000000000000000000000000009"));
    const up = await ctx.voice.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(await stored()).toMatchObject([{ id, account_sid: "AC00000000000000000000000000000009" }]);
  });

  it("a provider edit replaces the configuration", async () => {
    await ctx.voice.declare(spec("plivo", "MA0000000000000000A1"));
    const up = await ctx.voice.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
    const after = await stored();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ provider: "plivo" });
    expect(after[0]!.id).not.toBe(id);
    id = after[0]!.id;
  });

  it("detects an out-of-band change, records it on refresh, and restores it on up", async () => {
    await ctx.emu.admin.patchConfiguration("acme", id, { account_sid: "MA-changed-by-hand" });
    expect(await driftReport(ctx.voice.stack)).toMatch(
      /voice:ProviderConfiguration: \(update\)[\s\S]*::carrier\][\s\S]*accountSid/,
    );
    expect((await ctx.voice.stack.refresh()).summary.resourceChanges).toMatchObject({ update: 1 });
    expect(await exported()).not.toContain(SECRETS.authToken);
    await upOnly(ctx.voice.stack);
    expect(await stored()).toMatchObject([{ id, account_sid: "MA0000000000000000A1" }]);
  });

  it("destroy leaves nothing behind", async () => {
    await ctx.voice.stack.destroy();
    expect(await stored()).toEqual([]);
  });
});
