// The busy-number rule through the real engine: `pulumi preview --policy-pack <repo>/policy-pack` of a
// program that moves two numbers from "support" to "sales", one of them busy on the platform. The pack
// reaches the emulator through the stack's own settings (its URL and the secret voice:token exist only
// in the stack config). Four engine operations: one up, three previews.

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { upOnly } from "../../fixtures/stack-up";
import { type ProgramSpec, SECRETS, useVoiceStack } from "../../fixtures/voice-stack";

const ctx = useVoiceStack();
const RULE = "voice-busy-number-acknowledged";
const BUSY = "+14155550100";
const QUIET = "+14155550101";

/** The two numbers of the carrier on `bridge`. */
const spec = (bridge: "support" | "sales"): ProgramSpec => ({
  configurations: [{ name: "carrier", provider: "twilio", accountSid: DEMO_ACCOUNT }],
  bridges: [
    { name: "support", bridgeName: "Support", slug: "support" },
    { name: "sales", bridgeName: "Sales", slug: "sales" },
  ],
  numbers: [
    { name: "busy-line", bridge, configuration: "carrier", phoneNumber: BUSY },
    { name: "quiet-line", bridge, configuration: "carrier", phoneNumber: QUIET },
  ],
});

/** `pulumi preview --policy-pack <repo>/policy-pack`, with `config` as the pack's config when given. */
async function preview(config?: Record<string, unknown>): Promise<{ ok: boolean; output: string }> {
  const { stack } = ctx.voice;
  const policyPackConfigs: string[] = [];
  if (config) {
    const file = path.join(stack.workspace.workDir, "policy-config.json");
    await writeFile(file, JSON.stringify(config));
    policyPackConfigs.push(file);
  }
  let output = "";
  const ok = await stack
    .preview({
      policyPacks: [path.join(repoRoot, "policy-pack")],
      policyPackConfigs,
      onOutput: (l) => (output += l),
    })
    .then(
      () => true,
      (error: Error) => {
        output += `\n${error.message}`;
        return false;
      },
    );
  return { ok, output };
}

describe("voice-busy-number-acknowledged with the real engine", { timeout: limitFor(4) }, () => {
  it("fails moving a busy number until the stack acknowledges its resource; a quiet one passes", async () => {
    const { emu, voice } = ctx;
    await voice.declare(spec("support"));
    await upOnly(voice.stack);
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    await emu.admin.addCdr(emu.orgHandle, {
      source_number: "+12065550142",
      destination_number: BUSY,
      call_type: "inbound",
      call_status: "completed",
      creation_time: minutesAgo(11),
      start_time: minutesAgo(10),
      end_time: minutesAgo(9),
      call_duration: 60,
      end_reason: "call.completed.caller_hangup",
    });
    await emu.admin.setLiveChannels(emu.orgHandle, BUSY, 2);
    await voice.declare(spec("sales"));

    const refused = await preview({ [RULE]: { recentHours: 0 } });
    expect(refused.ok).toBe(false);
    expect(refused.output).toMatch(new RegExp(`${RULE}: recentHours: Must be greater than 0`));

    await emu.admin.clearRequests();
    const blocked = await preview();
    expect(blocked.ok).toBe(false);
    expect(blocked.output).toMatch(
      new RegExp(
        `mandatory[\\s\\S]*${RULE}[\\s\\S]*BridgeNumber 'busy-line': \\${BUSY} \\(move support → sales\\): ` +
          "HIGH — 2 live channels now; 1 call in 7 days",
      ),
    );
    expect(blocked.output).toContain("add {resource: busy-line, reason: <why>} to voice:acknowledgeImpact");
    // The plan lists both moves; the policies name the busy one only.
    const policies = blocked.output.split("Policies:").pop()?.split("Diagnostics:")[0];
    expect(policies).not.toContain("quiet-line");
    expect(policies).not.toContain(QUIET);
    expect(blocked.output).not.toContain(emu.token);
    expect(blocked.output).not.toContain(SECRETS.authToken);
    const writes = (await emu.admin.requests()).filter((r) => r.method !== "GET");
    expect(writes).toEqual([]);

    await voice.stack.setAllConfig(
      {
        "voice:acknowledgeImpact[0].resource": { value: "busy-line" },
        "voice:acknowledgeImpact[0].reason": { value: "support's lines move to sales tonight" },
      },
      true,
    );
    const acknowledged = await preview();
    expect(acknowledged.output).toMatch(
      new RegExp(
        `advisory[\\s\\S]*${RULE}[\\s\\S]*BridgeNumber 'busy-line': \\${BUSY} \\(move support → sales\\): HIGH[^\\n]*` +
          `acknowledged in voice:acknowledgeImpact \\("support's lines move to sales tonight"\\)`,
      ),
    );
    expect(acknowledged.ok).toBe(true);
  });
});
