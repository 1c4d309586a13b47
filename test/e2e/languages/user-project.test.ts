// A user's own Pulumi project, outside the repository, installing the package as a user does before
// publication: `npm pack` here, then in a fresh project `npm install <tarball> @pulumi/pulumi typescript@6
// @types/node` from the registry (the newest @pulumi/pulumi 3.x), the quickstart program and tsconfig, and
// `up` through the real engine against the emulator started with the installed package's command,
// `pulumi-voice-platform emulator`. The quickstart's no-op preview is proven in
// test/e2e/languages/examples.test.ts; an installed package's preview and destroy, as the TypeScript
// install page runs them, in test/docs/install/typescript.test.ts.
import { execFile } from "node:child_process";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { makeTempDir, repoRoot } from "../../fixtures/engine";
import { useLanguageStack } from "../../fixtures/language-stack";
import { INSTALL_MS, limitFor } from "../../fixtures/limits";
import { childEnv, pulumiCopies, startUserEmulator } from "../../fixtures/user-project";

const run = promisify(execFile);

/** What the README tells a user to install beside the package (the TypeScript that works with Pulumi today). */
const USER_PACKAGES = ["@pulumi/pulumi", "typescript@6", "@types/node"];

describe("a user's own project", () => {
  let installedPulumi: string;
  let installOutput: string;

  /** The project: Pulumi.yaml, the quickstart's program and tsconfig, a package.json, and the installed packages. */
  async function makeProject(project: string): Promise<void> {
    // The tarball, as `npm pack` makes it (dist/ is current: npm test builds it before the tests).
    const packed = await makeTempDir("pulumi-voice-pack-");
    try {
      const { stdout } = await run(
        "npm",
        ["pack", "--json", "--ignore-scripts", "--pack-destination", packed.path],
        { cwd: repoRoot, env: childEnv(), maxBuffer: 16 * 1024 * 1024 },
      );
      const tarball = path.join(
        packed.path,
        (JSON.parse(stdout) as { filename: string }[])[0]?.filename ?? "",
      );
      await writeFile(path.join(project, "Pulumi.yaml"), "name: my-telephony\nruntime:\n  name: nodejs\n");
      await writeFile(
        path.join(project, "package.json"),
        `${JSON.stringify({ name: "my-telephony", private: true, main: "index.ts" }, null, 2)}\n`,
      );
      for (const file of ["index.ts", "tsconfig.json"]) {
        await copyFile(path.join(repoRoot, "examples", "quickstart", file), path.join(project, file));
      }
      const started = Date.now();
      const install = await run("npm", ["install", tarball, ...USER_PACKAGES], {
        cwd: project,
        env: childEnv(),
        timeout: INSTALL_MS,
        maxBuffer: 16 * 1024 * 1024,
      });
      installOutput = `${install.stdout}\n${install.stderr}`;
      const installedPkg = JSON.parse(await readFile(path.join(project, "package.json"), "utf8"));
      const versionOf = async (name: string) =>
        JSON.parse(await readFile(path.join(project, "node_modules", name, "package.json"), "utf8")).version;
      installedPulumi = await versionOf("@pulumi/pulumi");
      console.log(
        `npm install ${path.basename(tarball)} ${USER_PACKAGES.join(" ")}: ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
          `${install.stdout.trim()}\n${install.stderr.trim()}\n` +
          `package.json dependencies: ${JSON.stringify({ ...installedPkg.dependencies, ...installedPkg.devDependencies })}\n` +
          `installed: @pulumi/pulumi ${installedPulumi}, typescript ${await versionOf("typescript")}`,
      );
    } finally {
      await packed.remove();
    }
  }

  const user = useLanguageStack({
    stackName: "dev",
    program: { write: makeProject },
    // The emulator as a user starts it, with the installed package's command.
    startEmulator: startUserEmulator,
    // The connection a user sets: no test-only setting.
    connection: (emu) => ({
      "voice:baseUrl": { value: emu.url },
      "voice:token": { value: emu.token, secret: true },
      "voice:orgHandle": { value: emu.orgHandle },
    }),
    config: {
      twilioAuthToken: { value: "user-twilio-token", secret: true },
      sipPassword: { value: "user-sip-password", secret: true },
    },
    setupMs: INSTALL_MS,
  });

  it(
    "installs one copy of @pulumi/pulumi, the newest 3.x, shared with the package",
    async () => {
      const project = user.workDir;
      const copies = await pulumiCopies(project);
      expect(copies).toEqual([path.join(project, "node_modules", "@pulumi", "pulumi")]);
      const { stdout } = await run("npm", ["ls", "@pulumi/pulumi", "--all", "--json"], {
        cwd: project,
        env: childEnv(),
      });
      const tree = JSON.parse(stdout);
      expect(tree.dependencies["@pulumi/pulumi"].version).toBe(installedPulumi);
      expect(tree.dependencies["pulumi-voice-platform"].dependencies["@pulumi/pulumi"]).toMatchObject({
        version: installedPulumi,
      });
      const [major, minor] = installedPulumi.split(".").map(Number);
      expect(major).toBe(3);
      expect(minor).toBeGreaterThanOrEqual(259);
    },
    limitFor(1),
  );

  it("runs no script of the package at install, and npm lists none to approve", () => {
    expect(installOutput).not.toMatch(/pulumi-voice-platform@\S+ \(/);
  });

  it(
    "puts the package's command on the project's PATH",
    async () => {
      const bin = path.join(user.workDir, "node_modules", ".bin", "pulumi-voice-platform");
      const { stdout } = await run(bin, ["--help"], { cwd: user.workDir, env: childEnv() });
      expect(stdout).toContain("emulator");
    },
    limitFor(1),
  );

  it(
    "up creates what the program declares",
    async () => {
      const { stack, emu } = user;
      let output = "";
      const onOutput = (line: string) => (output += line);

      const up = await stack.up({ onOutput });
      console.log(`pulumi up:\n${output.trim()}`);
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toEqual({ create: 6 });
      const state = await emu.admin.state();
      const bridge = state.bridges.find((b) => b.slug === "support-line");
      expect(bridge).toMatchObject({ name: "Support line", organization: emu.orgHandle });
      const linked = state.links
        .filter((link) => link.bridge_id === bridge?.id)
        .map((link) => state.numbers.find((n) => n.id === link.number_id)?.number)
        .sort();
      expect(linked).toEqual(["+14155550100", "+14155550101"]);
      expect(state.configurations).toMatchObject([{ provider: "twilio", auth_token: "user-twilio-token" }]);
      expect(state.trunks).toMatchObject([{ name: "primary", auth_password: "user-sip-password" }]);
      expect(up.outputs.numberStates?.value).toEqual(["ASSIGNED", "ASSIGNED"]);
    },
    limitFor(1),
  );
});
