// `pulumi-voice-platform report --impact` on the real engine's plan: a pull request that moves a busy
// number and a quiet one to another bridge and drops a third number. The busy number's calls, live
// channels, agent and follow-up are shown and fail the review until the stack acknowledges the move.
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { engineEnv, repoRoot } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import { upOnly } from "../../fixtures/stack-up";
import { type ProgramSpec, useVoiceStack } from "../../fixtures/voice-stack";

const run = promisify(execFile);
const ctx = useVoiceStack();
const cli = path.join(repoRoot, "dist", "cli", "main.js");
const HOUR = 3_600_000;
const [BUSY, QUIET, GONE] = ["+14155550100", "+14155550101", "+14155550102"];

const spec = (bridgeOf: Record<string, string>): ProgramSpec => ({
  configurations: [{ name: "twilio", provider: "twilio", accountSid: "AC00000000000000000000000000000001" }],
  bridges: [
    { name: "support", bridgeName: "Support", slug: "support" },
    { name: "sales", bridgeName: "Sales", slug: "sales" },
  ],
  numbers: Object.entries(bridgeOf).map(([name, bridge]) => ({
    name,
    bridge,
    configuration: "twilio",
    phoneNumber: { busy: BUSY, quiet: QUIET, gone: GONE }[name] ?? "",
  })),
});

type Result = { code: number; stdout: string; stderr: string };
const settle = (p: Promise<{ stdout: string; stderr: string }>): Promise<Result> =>
  p.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: Result) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

/** `pulumi preview --json` of the stack, saved to a file. */
async function previewJson(name: string): Promise<string> {
  const env = { ...process.env, ...(await engineEnv()) };
  const file = path.join(ctx.voice.dir.path, `${name}.json`);
  const { stdout } = await run(
    "pulumi",
    ["preview", "--json", "--stack", ctx.voice.stack.name, "--non-interactive"],
    {
      cwd: ctx.voice.dir.path,
      env,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  await writeFile(file, stdout);
  return file;
}

/** The report with --impact, the token from VOICE_TOKEN as CI gives it. */
const report = (file: string, ...flags: string[]): Promise<Result> =>
  settle(
    run("node", [cli, "report", "--file", file, "--impact", ...flags], {
      env: { ...process.env, VOICE_TOKEN: ctx.emu.token },
    }),
  );

describe("report --impact: what a pull request does to live calls", { timeout: limitFor(4) }, () => {
  let plan: string;

  it("names the busy number's calls, live channels, agent and follow-up; fails on it until acknowledged", async () => {
    const { emu, voice } = ctx;
    await voice.declare(spec({ busy: "support", quiet: "support", gone: "sales" }));
    await upOnly(voice.stack);
    const org = emu.orgHandle;
    const now = Date.now();
    const call = (number: string, at: number) => ({
      source_number: "+15005550006",
      destination_number: number,
      call_type: "inbound",
      call_status: "completed",
      start_time: new Date(at).toISOString(),
      creation_time: new Date(at - 4_000).toISOString(),
      end_time: new Date(at + 60_000).toISOString(),
      call_duration: 60,
      end_reason: "call.completed.caller_hangup",
    });
    await emu.admin.addCdr(org, call(BUSY, now - HOUR / 2));
    await emu.admin.addCdr(org, call(GONE, now - 72 * HOUR));
    await emu.admin.setLiveChannels(org, BUSY, 2);
    await emu.admin.setNumberAgent(org, BUSY, "support-agent");
    await emu.admin.addFollowUp(org, { number: BUSY, nextAt: new Date(now + 20 * HOUR).toISOString() });

    // The pull request: busy and quiet move to sales, gone is dropped.
    await voice.declare(spec({ busy: "sales", quiet: "sales" }));
    plan = await previewJson("plan");
    const json = path.join(voice.dir.path, "impact.json");
    const first = await report(plan, "--fail-on", "high", "--json", json);
    expect(first.code, first.stderr).toBe(3);
    expect(first.stdout).toContain("#### Impact on calls");
    expect(first.stdout).toContain("3 numbers touched: 1 high, 1 low, 1 none.");
    expect(first.stdout).toMatch(
      new RegExp(
        `\\| \\${BUSY} \\| move support → sales \\| busy \\| \\*\\*HIGH\\*\\*: 2 live channels now \\| 1 \\(1 in, 0 out; 0 failed\\) \\| [\\d-]+T[\\d:]+Z \\| 2 live channels now \\| support-agent \\| 1 follow-up scheduled \\(next [\\d-]+T[\\d:]+Z\\) \\| \\*\\*no\\*\\* \\|`,
      ),
    );
    expect(first.stdout).toMatch(
      new RegExp(`\\| \\${GONE} \\| disconnect from sales \\| gone \\| \\*\\*LOW\\*\\*: `),
    );
    expect(first.stdout).toMatch(
      new RegExp(
        `\\| \\${QUIET} \\| move support → sales \\| quiet \\| \\*\\*NONE\\*\\*: no calls in 7 days`,
      ),
    );
    const written = JSON.parse(await readFile(json, "utf8"));
    expect(
      written.impact.numbers.map((n: { number: string; level: string; acknowledged: boolean }) => [
        n.number,
        n.level,
        n.acknowledged,
      ]),
    ).toEqual([
      [BUSY, "high", false],
      [GONE, "low", false],
      [QUIET, "none", false],
    ]);
    for (const text of [first.stdout, first.stderr, JSON.stringify(written)])
      expect(text).not.toContain(emu.token);

    // The fleet's preview of the same stack carries the same impact, per stack and riskiest first.
    const env = { ...process.env, ...(await engineEnv()) };
    const logs = path.join(voice.dir.path, "fleet-logs");
    const fleet = await settle(
      run(
        "node",
        [
          cli,
          "fleet",
          "preview",
          "--project",
          voice.dir.path,
          "--stack",
          voice.stack.name,
          "--impact",
          "--logs",
          logs,
        ],
        { env, maxBuffer: 64 * 1024 * 1024 },
      ),
    );
    expect(fleet.code, fleet.stderr).toBe(7);
    expect(fleet.stdout).toMatch(/\| 1 high, 1 low, 1 none \(\*\*1 high not acknowledged\*\*\) \|/);
    expect(fleet.stdout).toContain("#### Impact on calls");
    expect(fleet.stdout).toMatch(
      new RegExp(
        `\\| \\${BUSY} \\| busy \\| \\*\\*HIGH\\*\\* \\| 2 live channels now \\| \\*\\*no\\*\\* \\|`,
      ),
    );
    expect(fleet.stdout.indexOf(BUSY)).toBeLessThan(fleet.stdout.indexOf(GONE));
    expect(fleet.stdout).not.toContain(emu.token);

    // The stack acknowledges the move in its config, in the same pull request.
    await voice.stack.setConfig("voice:acknowledgeImpact", {
      value: JSON.stringify([{ resource: "busy", reason: "support moves to the sales line, CHG-42" }]),
    });
    const acknowledged = await report(await previewJson("acknowledged"), "--fail-on", "high");
    expect(acknowledged.code, acknowledged.stderr).toBe(0);
    expect(acknowledged.stdout).toContain("| yes: support moves to the sales line, CHG-42 |");
  });

  it("refuses bad options naming the option and the rule, before any request", async () => {
    await ctx.emu.admin.clearRequests();
    for (const [flags, message] of [
      [["--window-days", "0"], /--window-days 0: must be greater than 0/],
      [["--recent-hours=-1"], /--recent-hours -1: must be greater than 0/],
      [["--fail-on", "medium"], /--fail-on medium: must be high or low/],
    ] as const) {
      const result = await report(plan, ...flags);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    // An acknowledgement naming no resource: the preview itself refuses it, and so does the report.
    const bad = '[{"reason":"no resource"}]';
    await ctx.voice.stack.setConfig("voice:acknowledgeImpact", { value: bad });
    const refused = await previewJson("unnamed").then(
      () => "",
      (e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ""}${e.stderr ?? ""}`,
    );
    expect(refused).toMatch(/voice:acknowledgeImpact at \[0\]\.resource: must name the resource/);
    await ctx.voice.stack.removeConfig("voice:acknowledgeImpact");
    const doctored = path.join(ctx.voice.dir.path, "unnamed.json");
    const json = JSON.parse(await readFile(plan, "utf8"));
    await writeFile(
      doctored,
      JSON.stringify({ ...json, config: { ...json.config, "voice:acknowledgeImpact": bad } }),
    );
    const unnamed = await report(doctored);
    expect(unnamed.code).toBe(4);
    expect(unnamed.stderr).toMatch(/voice:acknowledgeImpact\[0\]\.resource: must name the resource/);
    expect((await ctx.emu.admin.requests()).filter((r) => r.path.startsWith("/cdr"))).toEqual([]);
  });
});
