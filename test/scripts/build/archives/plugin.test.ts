// scripts/build/archives/plugin.mjs beyond this machine's platform: the linux-arm64 executable, cross-built
// here (Node.js linux-arm64 from the npm registry, cached), answers GetSchema under qemu-user with no
// Node.js on PATH; and a platform it does not build is refused naming the ones it does.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probePlugin } from "../../../../scripts/dev/plugin-probe";
import { makeTempDir, repoRoot, type TempDir } from "../../../fixtures/engine";
import { limitFor } from "../../../fixtures/limits";

const run = promisify(execFile);
const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
const SCRIPT = path.join(repoRoot, "scripts", "build", "archives", "plugin.mjs");
/** Where scripts/tools/qemu-user (run by `npm test`) puts qemu and the arm64 C runtime. */
const QEMU = "/usr/bin/qemu-aarch64";
const ARM64_ROOT = "/usr/aarch64-linux-gnu";
describe("the linux-arm64 plugin executable, under qemu-user", () => {
  let dir: TempDir;
  let archive: string;

  beforeAll(
    async () => {
      const { stdout } = await run(process.execPath, [SCRIPT, "--platform", "linux-arm64"], {
        cwd: repoRoot,
        maxBuffer: 16 * 1024 * 1024,
      });
      archive = stdout.trim().split("\n").pop() ?? "";
      dir = await makeTempDir("pulumi-voice-arm64-");
      await run("tar", ["-xzf", archive, "-C", dir.path]);
      // A first run fetches Node.js for linux-arm64 (52 MB): an install.
    },
    limitFor(0, 1),
  );

  afterAll(async () => {
    await dir?.remove();
  });

  it("is an arm64 ELF executable in an archive named for linux-arm64", async () => {
    expect(path.basename(archive)).toBe(`pulumi-resource-voice-v${version}-linux-arm64.tar.gz`);
    const elf = readFileSync(path.join(dir.path, "pulumi-resource-voice"));
    expect(elf.subarray(0, 4).toString("latin1")).toBe("\x7fELF");
    // e_machine 183: AArch64.
    expect(elf.readUInt16LE(18)).toBe(183);
  });

  it(
    "answers GetSchema with the package's schema and version, with no Node.js on PATH",
    async () => {
      const probe = await probePlugin(
        QEMU,
        ["-L", ARM64_ROOT, path.join(dir.path, "pulumi-resource-voice")],
        { PATH: "/nonexistent" },
        // Emulated, the plugin's start-up takes as long as an engine operation.
        limitFor(1),
      );
      const schema = JSON.parse(probe.schema) as { name: string; version: string; resources: object };
      expect([schema.name, schema.version]).toEqual(["voice", version]);
      expect(Object.keys(schema.resources)).toContain("voice:index:Bridge");
    },
    limitFor(2),
  );
});

describe("plugin-archive's arguments", () => {
  it("refuses a platform it does not build, naming those it does", async () => {
    const failure = await run(process.execPath, [SCRIPT, "--platform", "plan9-amd64"], {
      cwd: repoRoot,
    }).then(
      () => "",
      (error: { stderr?: string }) => error.stderr ?? "",
    );
    expect(failure).toContain("--platform plan9-amd64: not a platform this builds");
    expect(failure).toContain(
      "linux-amd64, linux-arm64, darwin-amd64, darwin-arm64, windows-amd64, windows-arm64",
    );
  });
});
