// `pulumi-voice-platform report` on the real engine's JSON (3.259): a bridge and a trunk with a secret
// password; then a code change alone, drift alone (a rename on the platform), and both together.

import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { engineEnv, repoRoot } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import { upOnly } from "../../fixtures/stack-up";
import { type ProgramSpec, SECRETS, useVoiceStack } from "../../fixtures/voice-stack";

const run = promisify(execFile);
const ctx = useVoiceStack();
const cli = path.join(repoRoot, "dist", "cli", "main.js");

const spec = (port: number): ProgramSpec => ({
  bridges: [{ name: "support", bridgeName: "Support", slug: "support" }],
  trunks: [
    {
      name: "edge",
      sipUrl: "sip.acme.example",
      authUsername: "acme",
      password: true,
      port,
      allowedIps: ["203.0.113.10"],
    },
  ],
});

type Result = { code: number; stdout: string; stderr: string };
const settle = (p: Promise<{ stdout: string; stderr: string }>): Promise<Result> =>
  p.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: Result) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

/** Runs the pulumi CLI in the stack's directory as a user does; answers its stdout. */
async function pulumi(...args: string[]): Promise<string> {
  const env = { ...process.env, ...(await engineEnv()) };
  const result = await settle(
    run("pulumi", [...args, "--stack", "e2e", "--non-interactive"], {
      cwd: ctx.voice.dir.path,
      env,
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
  if (result.code !== 0) throw new Error(`pulumi ${args.join(" ")} failed:\n${result.stderr}`);
  return result.stdout;
}

/** The engine's JSON: a plain preview, a refreshed preview and a refresh preview, saved to files. */
async function capture(name: string): Promise<Record<"preview" | "refreshed" | "refresh", string>> {
  const files = {
    preview: path.join(ctx.voice.dir.path, `${name}-preview.json`),
    refreshed: path.join(ctx.voice.dir.path, `${name}-refreshed.json`),
    refresh: path.join(ctx.voice.dir.path, `${name}-refresh.json`),
  };
  await writeFile(files.preview, await pulumi("preview", "--json"));
  await writeFile(files.refreshed, await pulumi("preview", "--refresh", "--json"));
  await writeFile(files.refresh, await pulumi("refresh", "--preview-only", "--json"));
  return files;
}

/** Runs the report on `files` with --exit-code. */
function report(...files: string[]): Promise<Result> {
  return settle(run("node", [cli, "report", "--exit-code", ...files.flatMap((f) => ["--file", f])]));
}

const HEADER = "| Resource | Property | In code | On the platform | `up` will | Cause |";
const PORT = "| voice:SipTrunk edge | `port` | `5061` | `5060` | **update** | code |";
const NAME =
  "| voice:Bridge support | `name` | `Support` | `Renamed in the dashboard` | **update** | platform (drift) |";

/** Neither secret of the stack appears in `text`. */
function expectNoSecret(text: string): void {
  expect(text).not.toContain(SECRETS.sipPassword);
  expect(text).not.toContain(SECRETS.authToken);
}

describe("report on the real engine's JSON", { timeout: limitFor(4) }, () => {
  it("right after up: no changes, exit 0", async () => {
    await ctx.voice.declare(spec(5060));
    await upOnly(ctx.voice.stack);
    const files = await capture("clean");
    const clean = await report(files.preview, files.refreshed);
    expect(clean).toMatchObject({ code: 0, stderr: "" });
    expect(clean.stdout).toContain("No changes: the platform matches the code.");
    expect((await report(files.refresh)).code).toBe(0);
  });

  it("a code change alone: one row from the code, exit 1; the refresh sees no drift", async () => {
    await ctx.voice.declare(spec(5061));
    const files = await capture("code");
    const result = await report(files.preview, files.refreshed);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(HEADER);
    expect(result.stdout).toContain(PORT);
    expect(result.stdout).not.toContain("voice:Bridge");
    expectNoSecret(result.stdout);
    expect(await report(files.refresh)).toMatchObject({ code: 0 });
  });

  it("drift alone: the renamed bridge, from the platform, exit 1", async () => {
    await ctx.voice.declare(spec(5060));
    await ctx.emu.admin.renameBridge("acme", "support", "Renamed in the dashboard");
    const files = await capture("drift");
    const result = await report(files.preview, files.refreshed);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(NAME);
    expect(result.stdout).not.toContain("voice:SipTrunk");
    expectNoSecret(result.stdout);
    // The refresh's own JSON counts the drifted resource without its properties.
    const refresh = await report(files.refresh);
    expect(refresh.code).toBe(1);
    expect(refresh.stdout).toContain("The refresh found 1 resource changed on the platform");
  });

  it("both: one row from the code, one from the platform; stdin works too", async () => {
    await ctx.voice.declare(spec(5061));
    const files = await capture("both");
    const result = await report(files.preview, files.refreshed);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(PORT);
    expect(result.stdout).toContain(NAME);
    expectNoSecret(result.stdout);
    const piped = await settle(run("bash", ["-c", `node "${cli}" report < "${files.refreshed}"`]));
    expect(piped.code).toBe(0); // without --exit-code
    expect(piped.stdout).toContain(
      "| voice:Bridge support | `name` | `Support` | `Renamed in the dashboard` |",
    );
    expectNoSecret(piped.stdout);
    for (const file of Object.values(files)) expectNoSecret(await readFile(file, "utf8"));
  });

  it("misuse exits 2", async () => {
    expect((await settle(run("node", [cli, "report", "--nope"]))).code).toBe(2);
    expect((await report("/nonexistent.json")).code).toBe(2);
  });
});
