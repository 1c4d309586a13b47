// `any` is refused by the linter in the product's code and allowed in tests, where loose mocks and
// recorded payloads are the point. Checked by linting a file with an `any` under each folder, with
// the repository's own biome.json.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../fixtures/engine";

const PROBE = "export const loose: any = JSON.parse('{}');\n";
const FOLDERS = [
  "sdk",
  "provider",
  "cli",
  "policy",
  "emulator",
  "bench",
  "estate",
  "scripts",
  "test",
] as const;

/** Lints one probe file per folder; answers the exit status and the files that drew `noExplicitAny`. */
function lintProbes(dir: string): { status: number; flagged: string[] } {
  copyFileSync(join(repoRoot, "biome.json"), join(dir, "biome.json"));
  for (const folder of FOLDERS) {
    mkdirSync(join(dir, folder));
    writeFileSync(join(dir, folder, "probe.ts"), PROBE);
  }
  const biome = join(repoRoot, "node_modules", ".bin", "biome");
  const { status, stdout, stderr } = spawnSync(
    biome,
    ["lint", "--vcs-enabled=false", "--colors=off", ...FOLDERS],
    {
      cwd: dir,
      encoding: "utf8",
    },
  );
  const output = stdout + stderr;
  const flagged = [...output.matchAll(/^(\S+)\/probe\.ts:\d+:\d+ lint\/suspicious\/noExplicitAny/gm)].map(
    (m) => m[1]!,
  );
  return { status: status ?? -1, flagged: flagged.sort() };
}

describe("noExplicitAny", () => {
  const dir = mkdtempSync(join(tmpdir(), "lint-any-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("fails the lint for an `any` anywhere but the tests", () => {
    const { status, flagged } = lintProbes(dir);
    expect(flagged).toEqual(FOLDERS.filter((folder) => folder !== "test").sort());
    expect(status).not.toBe(0);
  });
});
