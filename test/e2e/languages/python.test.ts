// A Python program over the generated Python SDK (examples/python, sdks/python), run through the real
// engine as a user runs it: the Python language host and its exec script from scripts/tools/pulumi-engine, the
// `pulumi` library and the SDK in the virtualenv of scripts/tools/python-env (the project's `virtualenv`
// option), the plugin from <repo>/bin, against the emulator: up, a preview that finds no change, drift
// found by the drift check, `pulumi import` whose printed Python previews clean once pasted, destroy.
import { execFile } from "node:child_process";
import { appendFile, copyFile, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import {
  ENGINE_BUILD_TIMEOUT_MS,
  engineEnv,
  makeTempDir,
  pulumiCommand,
  repoRoot,
  type TempDir,
} from "../../fixtures/engine";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { pythonEnv } from "../../fixtures/python";
import { emulatorConfig, OP_TIMEOUT_MS, plainExport, SECRETS } from "../../fixtures/voice-stack";

const run = promisify(execFile);
const example = path.join(repoRoot, "examples", "python");
/** The platform API token the provider is configured with: a secret like the two the program declares. */
const API_TOKEN = "py-e2e-api-t0ken-5ecr3t";
const ALL_SECRETS = [API_TOKEN, SECRETS.authToken, SECRETS.sipPassword];

describe("a Python program with the real engine", { timeout: OP_TIMEOUT_MS }, () => {
  let emu: TestEmulator;
  let dir: TempDir;
  let stack: Stack;
  let env: Record<string, string>;
  /** Everything the engine printed, for the secrets check at the end. */
  let printed = "";
  const program = () => path.join(dir.path, "__main__.py");

  /** Runs `pulumi <args> --non-interactive` in the program's folder, as a user does; answers its output. */
  const pulumi = async (...args: string[]): Promise<{ code: number; output: string }> => {
    const result = await run("pulumi", [...args, "--non-interactive"], {
      cwd: dir.path,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? -1,
        output: `${error.stdout ?? ""}${error.stderr ?? ""}`,
      }),
    );
    printed += result.output;
    return result;
  };
  const onOutput = (line: string) => {
    printed += line;
  };

  beforeAll(async () => {
    const venv = await pythonEnv();
    emu = await startTestEmulator({ token: API_TOKEN });
    dir = await makeTempDir("pulumi-voice-python-program-");
    // The example as a user has it: its own `venv` (here the prepared one) and the plugin's folder.
    await copyFile(path.join(example, "__main__.py"), program());
    const project = await readFile(path.join(example, "Pulumi.yaml"), "utf8");
    await writeFile(
      path.join(dir.path, "Pulumi.yaml"),
      project.replace("path: ../../bin", `path: ${path.join(repoRoot, "bin")}`),
    );
    await symlink(venv, path.join(dir.path, "venv"), "dir");
    env = await engineEnv("python");
    stack = await LocalWorkspace.createOrSelectStack(
      { stackName: "python", workDir: dir.path },
      { envVars: env, pulumiCommand: await pulumiCommand() },
    );
    await stack.setAllConfig({
      ...emulatorConfig(emu),
      accountSid: { value: DEMO_ACCOUNT },
      authToken: { value: SECRETS.authToken, secret: true },
      sipPassword: { value: SECRETS.sipPassword, secret: true },
    });
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.workspace.removeStack("python", { force: true }).catch(() => undefined);
    await dir?.remove();
    await emu?.close();
  }, OP_TIMEOUT_MS);

  it("up creates the four resource types and reads the invokes' typed fields", async () => {
    const up = await stack.up({ onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 5 });
    const state = await emu.admin.state();
    expect(state.bridges.map((b) => [b.slug, b.name])).toEqual([["support", "Support"]]);
    expect(state.configurations.map((c) => c.account_sid)).toEqual([DEMO_ACCOUNT]);
    const number = state.numbers.find((n) => n.number === "+14155550100");
    expect(state.links.map((l) => [l.bridge_id, l.configuration_id, l.number_id])).toEqual([
      [state.bridges[0]?.id, state.configurations[0]?.id, number?.id],
    ]);
    expect(state.trunks.map((t) => t.name)).toEqual(["pbx"]);
    expect(up.outputs.bridgeId?.value).toBe(state.bridges[0]?.id);
    expect(up.outputs.configurationId?.value).toBe(state.configurations[0]?.id);
    // The program read the lookups' answers by field name (`org.domain_handle`, `analytics.total_tasks`).
    expect(up.outputs.organizationHandles?.value).toContain(emu.orgHandle);
    expect(up.outputs.organizationCount?.value).toBe(up.outputs.organizationHandles?.value.length);
    expect(up.outputs.totalTasks?.value).toBeGreaterThan(0);
  });

  it("a preview right after expects no change and finds none", async () => {
    const { code, output } = await pulumi("preview", "--expect-no-changes");
    expect(output).toMatch(/5 unchanged/);
    expect(code).toBe(0);
  });

  it("the drift check fails on a bridge renamed on the platform, naming the field; up puts it back", async () => {
    await emu.admin.renameBridge(emu.orgHandle, "support", "Renamed by hand");
    const { code, output } = await pulumi("refresh", "--preview-only", "--expect-no-changes", "--diff");
    expect(code).not.toBe(0);
    expect(output).toMatch(/voice:index:Bridge[\s\S]*~ name: "Support" => "Renamed by hand"/);
    expect(output).toContain("no changes were expected");
    const up = await stack.up({ refresh: true, onOutput });
    expect(up.summary.resourceChanges).toEqual({ same: 4, update: 1 });
    expect((await emu.admin.state()).bridges.map((b) => b.name)).toEqual(["Support"]);
  });

  it("`pulumi import` of a bridge prints Python that previews clean once put into the program", async () => {
    const client = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle });
    await client.bridges.create({ name: "Legacy desk", slug: "legacy-desk" });
    const { code, output } = await pulumi(
      "import",
      "voice:index:Bridge",
      "legacy",
      "legacy-desk",
      "--protect=false",
      "--yes",
    );
    expect(code).toBe(0);
    expect(output).toMatch(/1 imported/);
    const printedCode = output.slice(output.indexOf("import pulumi\n"));
    expect(printedCode).toMatch(
      /^legacy = voice\.Bridge\("legacy",\n\s+name="Legacy desk",\n\s+slug="legacy-desk"\)/m,
    );
    // The program already imports both modules: the resource is what goes in.
    await appendFile(program(), `\n${printedCode.slice(printedCode.indexOf("legacy = "))}`);
    const preview = await pulumi("preview", "--expect-no-changes");
    expect(preview.output).toMatch(/6 unchanged/);
    expect(preview.code).toBe(0);
  });

  it("keeps every secret out of the output and the plain state", async () => {
    const exported = await plainExport(stack);
    expect(exported).toContain('"voice:index:SipTrunk"');
    expect(printed).toContain("voice:index:SipTrunk");
    for (const secret of ALL_SECRETS) {
      expect(exported).not.toContain(secret);
      expect(printed).not.toContain(secret);
    }
  });

  it("destroy removes what it created and what it imported", async () => {
    const destroy = await stack.destroy({ onOutput });
    expect(destroy.summary.resourceChanges).toEqual({ delete: 6 });
    const state = await emu.admin.state();
    expect([state.bridges, state.configurations, state.links, state.trunks]).toEqual([[], [], [], []]);
    for (const secret of ALL_SECRETS) expect(printed).not.toContain(secret);
  });

  it("a program that raises fails once, with the traceback from the program's own line", async () => {
    await writeFile(
      program(),
      'import pulumi_voice as voice\n\n\ndef plan() -> None:\n    raise ValueError("no bridge plan for this stack")\n\n\nplan()\n',
    );
    const { code, output } = await pulumi("preview");
    expect(code).not.toBe(0);
    expect(output).toContain("Program failed with an unhandled exception:");
    expect(output).toMatch(/__main__\.py", line 8, in <module>\s+plan\(\)/);
    expect(output).toContain("ValueError: no bridge plan for this stack");
    // The runner's own frames are cut, and the host adds no second error of its own.
    expect(output).not.toContain("pulumi-language-python-exec");
    expect(output).not.toMatch(/exited with (non-zero exit )?code/);
  });

  it("a project whose virtualenv is missing fails naming it", async () => {
    await rm(path.join(dir.path, "venv"));
    const { code, output } = await pulumi("preview");
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /The .virtualenv. option in Pulumi\.yaml is set to "venv", but ".*venv" doesn.t exist/,
    );
  });
});
