// The command line as a single executable (scripts/build/archives/cli.mjs), used by someone with no Node.js:
// the host's archive from the test run's release dry run, unpacked into a folder on PATH beside the engine's own programs and nothing else.
// The emulator runs from it; its `export --language yaml` writes a project that the plugin archive,
// installed with `pulumi plugin install`, takes over with `pulumi up` (adopting: no write) and
// `pulumi preview --expect-no-changes` finds clean; its `recover --from-program` (which runs `pulumi`
// itself) rebuilds a lost state of a second export the same way.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient } from "../../../emulator";
import { printedSecrets } from "../../../estate/export-steps";
import { buildOrganization } from "../../../estate/organization";
import {
  ENGINE_BUILD_TIMEOUT_MS,
  engineEnv,
  makeTempDir,
  repoRoot,
  type TempDir,
} from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import { hostArchive, RELEASE_TIMEOUT_MS } from "../../fixtures/release-files";
import { seededOrganization, telephonyOf } from "../../fixtures/telephony-org";

const run = promisify(execFile);
const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
const CLI = "pulumi-voice-platform";

/** The emulator started from the executable on a free port: its address, as it printed it. */
async function startEmulator(executable: string, env: NodeJS.ProcessEnv) {
  const child = spawn(executable, ["emulator", "--port", "0"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let printed = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(printed)?.[1];
      if (found && /Token: +\S+/.test(printed)) resolve(found);
    });
    child.stderr.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`the emulator exited (${code}):\n${printed}`)));
  });
  const field = (name: string) => new RegExp(`${name}: +(\\S+)`).exec(printed)?.[1] ?? "";
  return { child, url, orgHandle: field("Org-Handle"), token: field("Token") };
}

describe("the command line as a single executable, with no Node.js on PATH", {
  timeout: limitFor(5),
}, () => {
  let tmp: TempDir;
  let emulator: { child: ChildProcess; url: string; orgHandle: string; token: string };
  let admin: AdminClient;
  let cliArchive: string;
  let executable: string;
  /** The environment a user's shell gives: the engine's programs and the executable's folder on PATH. */
  let env: NodeJS.ProcessEnv;
  let orgToken: string;
  /** The project `export` wrote and its stack, once `up` took the organization over. */
  let adopted: { out: string; stackName: string } | undefined;

  const user = (command: string, args: readonly string[], cwd?: string, extra: NodeJS.ProcessEnv = {}) =>
    run(command, args, { cwd, env: { ...env, ...extra }, maxBuffer: 64 * 1024 * 1024 });
  const pulumi = (cwd: string, ...args: string[]) => user("pulumi", [...args, "--non-interactive"], cwd);

  beforeAll(async () => {
    tmp = await makeTempDir("pulumi-voice-cli-exe-");
    const [cli, plugin, engine] = await Promise.all([
      hostArchive("cli"),
      hostArchive("plugin"),
      engineEnv("yaml"),
    ]);
    cliArchive = cli;
    const bin = path.join(tmp.path, "bin");
    await mkdir(bin);
    await run("tar", ["-xzf", cliArchive, "-C", bin]);
    executable = path.join(bin, CLI);
    const engineBin = engine.PATH?.split(path.delimiter)[0] ?? "";
    const state = path.join(tmp.path, "state");
    await mkdir(state);
    env = {
      PATH: [engineBin, bin].join(path.delimiter),
      HOME: tmp.path,
      PULUMI_HOME: path.join(tmp.path, "pulumi-home"),
      PULUMI_BACKEND_URL: `file://${state}`,
      PULUMI_CONFIG_PASSPHRASE: "test-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    await user("pulumi", ["plugin", "install", "resource", "voice", version, "--file", plugin]);
    emulator = await startEmulator(executable, env);
    admin = new AdminClient(emulator.url);
    orgToken = await buildOrganization(
      `${emulator.url}/api/v2/platform`,
      admin,
      seededOrganization(emulator.orgHandle, emulator.token),
    );
  }, ENGINE_BUILD_TIMEOUT_MS + RELEASE_TIMEOUT_MS);

  afterAll(async () => {
    emulator?.child.kill("SIGTERM");
    await tmp?.remove();
  }, limitFor(1));

  /** `export --language yaml` from the executable into `out`, then the stack and secrets it prints. */
  async function exportTo(out: string, ...flags: string[]) {
    const exported = await user(
      executable,
      [
        "export",
        "--out",
        out,
        "--base-url",
        emulator.url,
        "--org-handle",
        emulator.orgHandle,
        "--language",
        "yaml",
        ...flags,
      ],
      undefined,
      { VOICE_TOKEN: orgToken },
    );
    const { stackName, keys } = printedSecrets(exported.stdout);
    await pulumi(out, "stack", "init", stackName);
    for (const key of keys)
      await user(
        "pulumi",
        [
          "config",
          "set",
          "--secret",
          "--stack",
          stackName,
          key,
          key === "voice:token" ? orgToken : `exported-${key}`,
        ],
        out,
      );
    return { stackName, keys, exported };
  }

  const writes = async () => (await admin.requests()).filter((r) => r.method !== "GET");

  it("is an archive named for the command line, version and platform, holding the executable", async () => {
    expect(path.basename(cliArchive)).toBe(`${CLI}-v${version}-linux-amd64.tar.gz`);
    const { stdout } = await run("tar", ["-tvzf", cliArchive]);
    expect(stdout).toMatch(new RegExp(`^-rwx.* ${CLI}$`, "m"));
    expect((await readFile(executable)).subarray(0, 4).toString("latin1")).toBe("\x7fELF");
  });

  it("runs where no `node` is on PATH, and knows its version when copied alone", async () => {
    const { stdout: node } = await run("/bin/sh", ["-c", "command -v node || true"], { env });
    expect(node.trim()).toBe("");
    const alone = path.join(tmp.path, "alone", CLI);
    await mkdir(path.dirname(alone));
    await copyFile(executable, alone);
    expect((await user(alone, ["--version"])).stdout.trim()).toBe(version);
    expect((await user(executable, ["--help"])).stdout).toMatch(/^ {2}export +Write a Pulumi project/m);
    // A TypeScript export from it names the package by the registry's version: it has no package folder.
    const out = path.join(tmp.path, "typescript");
    await user(
      executable,
      ["export", "--out", out, "--base-url", emulator.url, "--org-handle", emulator.orgHandle],
      undefined,
      {
        VOICE_TOKEN: orgToken,
      },
    );
    const manifest = JSON.parse(await readFile(path.join(out, "package.json"), "utf8"));
    expect(manifest.dependencies["pulumi-voice-platform"]).toBe(`^${version}`);
    // The report reads a native stack's drift as it reads it under node.
    const recorded = path.join(repoRoot, "test", "cli", "report", "recorded", "native-drift-refresh.json");
    const report = await user(executable, ["report", "--file", recorded]);
    expect(report.stdout).toContain(
      "| voice:index:Bridge support | `name` | `Support` | `Renamed in the dashboard` | **update** | platform (drift) |",
    );
  });

  it("export → pulumi up (adopting) → pulumi preview --expect-no-changes: nothing written, nothing to change", async () => {
    const before = telephonyOf(await admin.state(), emulator.orgHandle);
    const out = path.join(tmp.path, "adopt");
    const { stackName } = await exportTo(out);
    const program = await readFile(path.join(out, "Pulumi.yaml"), "utf8");
    const declared = (program.match(/adopt: true/g) ?? []).length;
    expect(declared).toBe(9);
    expect(program).not.toMatch(/^plugins:/m);
    await admin.clearRequests();
    const up = await pulumi(out, "up", "--yes", "--stack", stackName);
    expect(up.stdout).toMatch(new RegExp(`\\+ ${declared + 1} created`));
    expect(await writes()).toEqual([]);
    const preview = await pulumi(out, "preview", "--expect-no-changes", "--stack", stackName);
    expect(preview.stdout).toMatch(new RegExp(`${declared + 1} unchanged`));
    expect(telephonyOf(await admin.state(), emulator.orgHandle)).toEqual(before);
    const state = JSON.parse((await pulumi(out, "stack", "export", "--stack", stackName)).stdout);
    expect(
      state.deployment.resources.filter((r: { type: string }) => r.type.startsWith("voice:")),
    ).toHaveLength(declared);
    adopted = { out, stackName };
  });

  it("fleet drift runs its stacks from the executable (its workers too), exit 7 naming the stack and the field; merge reads its report", async () => {
    const { out, stackName } = adopted ?? { out: "", stackName: "" };
    await admin.renameBridge(emulator.orgHandle, "spare", "Renamed by hand");
    try {
      const logs = path.join(tmp.path, "fleet-logs");
      const drift = await user(executable, ["fleet", "drift", "--project", out, "--logs", logs]).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(drift.code, drift.stderr).toBe(7);
      const project = /^name: "?([^"\n]+)"?$/m.exec(
        await readFile(path.join(out, "Pulumi.yaml"), "utf8"),
      )?.[1];
      expect(drift.stdout).toContain(
        `| \`${project}/${stackName}\` | **drift** | 1 property of 1 resource |`,
      );
      expect(drift.stdout).toMatch(
        /\| voice:index:Bridge spare \| `name` \| `Spare` \| `Renamed by hand` \| \*\*update\*\* \| platform \(drift\) \|/,
      );
      const merged = await user(executable, ["fleet", "merge", path.join(logs, "report.json")]).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string }) => e,
      );
      expect(merged.code).toBe(7);
      expect(merged.stdout).toContain("Exit code 7: 1 stack: drift.");
    } finally {
      await admin.renameBridge(emulator.orgHandle, "spare", "Spare");
    }
  });

  it("recover --from-program rebuilds a lost state from the program: preview then finds nothing to change", async () => {
    const out = path.join(tmp.path, "recover");
    const { stackName } = await exportTo(out, "--per-link", "--project", "recovered");
    await admin.clearRequests();
    const recovered = await user(executable, [
      "recover",
      "--from-program",
      "--stack",
      stackName,
      "--cwd",
      out,
    ]);
    expect(recovered.stdout).toMatch(/recorded/);
    expect(await writes()).toEqual([]);
    const preview = await pulumi(out, "preview", "--expect-no-changes", "--stack", stackName);
    expect(preview.stdout).toMatch(/unchanged/);
    expect(preview.stdout).not.toMatch(/to create/);
  });
});
