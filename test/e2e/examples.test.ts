// The examples a user copies, run as they are against the emulator: quickstart, staging-prod, ci.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../fixtures/emulator";
import {
  ENGINE_BUILD_TIMEOUT_MS,
  engineEnv,
  pulumiCommand,
  repoRoot,
  type TempDir,
} from "../fixtures/engine";
import { emulatorConfig, OP_TIMEOUT_MS, programDir } from "../fixtures/voice-stack";

const run = promisify(execFile);
const example = (name: string) => path.join(repoRoot, "examples", name);
const SECRETS = {
  twilioAuthToken: { value: "example-twilio-token", secret: true },
  sipPassword: { value: "example-sip-pw", secret: true },
};

let emu: TestEmulator;
const dirs: TempDir[] = [];
beforeAll(async () => {
  emu = await startTestEmulator();
  await engineEnv();
}, ENGINE_BUILD_TIMEOUT_MS);
afterAll(async () => {
  for (const dir of dirs) await dir.remove();
  await emu?.close();
});

async function exampleStack(name: string, stackName: string) {
  const dir = await programDir(example(name));
  dirs.push(dir);
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName, workDir: dir.path },
    { envVars: await engineEnv(), pulumiCommand: await pulumiCommand() },
  );
  return { dir, stack };
}

/** Bridges of an organization with their linked numbers, per the emulator. */
async function bridgesOf(org: string): Promise<Record<string, string[]>> {
  const state = await emu.admin.state();
  return Object.fromEntries(
    state.bridges
      .filter((b) => b.organization === org)
      .map((b) => [
        b.slug,
        state.links
          .filter((l) => l.bridge_id === b.id)
          .map((l) => state.numbers.find((n) => n.id === l.number_id)?.number ?? "?")
          .sort(),
      ]),
  );
}

describe("examples", { timeout: OP_TIMEOUT_MS * 2 }, () => {
  it("quickstart: up makes what it declares and exports the lookups; preview then shows no change", async () => {
    const { stack } = await exampleStack("quickstart", "dev");
    await stack.setAllConfig({ ...emulatorConfig(emu), ...SECRETS });
    const up = await stack.up();
    expect(await bridgesOf("acme")).toEqual({ "support-line": ["+14155550100", "+14155550101"] });
    const state = await emu.admin.state();
    expect(state.configurations).toMatchObject([{ provider: "twilio", auth_token: "example-twilio-token" }]);
    expect(state.trunks).toMatchObject([
      { name: "primary", transport: "tls", port: "5061", auth_password: "example-sip-pw" },
    ]);
    expect(up.outputs.spaceName?.value).toBe("Support");
    expect(up.outputs.publishedAgents?.value).toEqual(["support-agent", "sales-agent"]);
    expect(up.outputs.numberStates?.value).toEqual(["ASSIGNED", "ASSIGNED"]);
    expect((await stack.preview()).changeSummary).toEqual({ same: 6 });
    await stack.destroy();
    expect(await bridgesOf("acme")).toEqual({});
  });

  it("staging-prod: one program, two stacks, two organizations", async () => {
    const staging = await exampleStack("staging-prod", "staging");
    const prod = await LocalWorkspace.createOrSelectStack(
      { stackName: "prod", workDir: staging.dir.path },
      { envVars: await engineEnv(), pulumiCommand: await pulumiCommand() },
    );
    const { "voice:orgHandle": _org, ...connection } = emulatorConfig(emu);
    for (const stack of [staging.stack, prod]) {
      await stack.setAllConfig({ ...connection, ...SECRETS });
      await stack.up();
    }
    expect(await bridgesOf("globex")).toEqual({ "support-staging": ["+12125550100"] });
    expect(await bridgesOf("acme")).toEqual({ support: ["+14155550102", "+14155550103", "+14155550104"] });
    const trunks = (await emu.admin.state()).trunks.map(
      (t) => `${t.organization}:${t.name}:${t.source_ips.join(",")}`,
    );
    expect(trunks.sort()).toEqual([
      "acme:prod-trunk:203.0.113.10,203.0.113.11",
      "globex:staging-trunk:198.51.100.10",
    ]);
    for (const stack of [staging.stack, prod]) await stack.destroy();
    expect((await emu.admin.state()).bridges).toEqual([]);
  });

  it("ci: the workflow's preview, up and drift commands work, and the drift check fails on drift", async () => {
    const workflow = await readFile(path.join(example("ci"), "telephony.yml"), "utf8");
    const commands = Object.fromEntries(
      [
        ...workflow
          .slice(workflow.indexOf("\njobs:\n"))
          .matchAll(/^ {2}(\w+):\n[\s\S]*?^ {8}run: (pulumi .*)$/gm),
      ].map((m) => [m[1], m[2]]),
    ) as Record<string, string>;
    expect(Object.keys(commands).sort()).toEqual(["drift", "preview", "up"]);

    const { dir, stack } = await exampleStack("staging-prod", "prod");
    await stack.setAllConfig(SECRETS); // the stack file and the encrypted secrets live in the repository
    const env = {
      ...process.env,
      ...(await engineEnv()),
      STACK: "prod",
      VOICE_TOKEN: emu.token,
      VOICE_BASE_URL: emu.url,
      VOICE_RETRY_BASE_DELAY_MS: "5",
    };
    const job = (name: string) =>
      run("bash", ["-c", commands[name]!], { cwd: dir.path, env }).then(
        ({ stdout }) => ({ ok: true, stdout }),
        (e: { stdout: string; stderr: string }) => ({ ok: false, stdout: `${e.stdout}\n${e.stderr}` }),
      );

    expect((await job("up")).ok).toBe(true);
    expect(await bridgesOf("acme")).toEqual({ support: ["+14155550102", "+14155550103", "+14155550104"] });
    const preview = await job("preview");
    expect(preview, preview.stdout).toMatchObject({ ok: true });
    const clean = await job("drift");
    expect(clean, clean.stdout).toMatchObject({ ok: true });

    await emu.admin.renameBridge("acme", "support", "Renamed in the dashboard");
    const drift = await job("drift");
    expect(drift.ok).toBe(false);
    expect(drift.stdout).toMatch(
      /voice:Bridge: \(update\)[\s\S]*::support\][\s\S]*"Renamed in the dashboard" => "Support"/,
    );
    expect((await job("up")).ok).toBe(true);
    expect(await job("drift")).toMatchObject({ ok: true });
    // The token lives in the CI environment, not in the stack: destroy the way the jobs run.
    await run("pulumi", ["destroy", "--yes", "--stack", "prod", "--non-interactive"], { cwd: dir.path, env });
    expect((await emu.admin.state()).bridges).toEqual([]);
  });
});
