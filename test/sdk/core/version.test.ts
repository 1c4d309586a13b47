// The SDK names its version in every User-Agent; it is the installed package's, so a release that
// bumps package.json can never send an old number. Checked on the compiled SDK inside a package
// whose package.json carries another version than this repository's.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SDK_VERSION } from "../../../sdk";
import { repoRoot } from "../../fixtures/engine";

/** Compiling the SDK alone on a loaded 2-core machine. */
const COMPILE_TIMEOUT_MS = 180_000;

describe("SDK_VERSION", () => {
  const dir = mkdtempSync(join(tmpdir(), "sdk-version-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    "is the version in the package's package.json",
    () => {
      writeFileSync(
        join(dir, "package.json"),
        JSON.stringify({ name: "pulumi-voice-platform", version: "9.8.7-rc.1" }),
      );
      symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
      writeFileSync(
        join(dir, "tsconfig.json"),
        JSON.stringify({
          extends: join(repoRoot, "tsconfig.json"),
          compilerOptions: { noEmit: false, outDir: join(dir, "dist"), rootDir: repoRoot, sourceMap: false },
          include: [join(repoRoot, "sdk")],
        }),
      );
      const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
      execFileSync(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")], { stdio: "pipe" });
      const version = execFileSync(
        process.execPath,
        ["-p", `require(${JSON.stringify(join(dir, "dist", "sdk"))}).SDK_VERSION`],
        { encoding: "utf8" },
      ).trim();
      expect(version).toBe("9.8.7-rc.1");
    },
    COMPILE_TIMEOUT_MS,
  );

  it("is this repository's version when run from the sources", () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
      version: string;
    };
    expect(SDK_VERSION).toBe(version);
  });
});
