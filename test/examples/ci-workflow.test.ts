// Every GitHub Actions workflow under examples/ passes actionlint (built from its Go module by
// scripts/tools/actionlint on first use, then cached outside the repository).
import { execFile } from "node:child_process";
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, repoRoot, type TempDir } from "../fixtures/engine";
import { limitFor } from "../fixtures/limits";

const run = promisify(execFile);
/** A cold build of actionlint (its modules downloaded, then compiled): an install. */
const ACTIONLINT_LIMIT_MS = limitFor(0, 1);

let actionlint: string;
let scratch: TempDir;
beforeAll(async () => {
  const { stdout } = await run(path.join(repoRoot, "scripts", "tools", "actionlint"), {
    cwd: repoRoot,
    timeout: ACTIONLINT_LIMIT_MS,
  });
  actionlint = stdout.trim().split("\n").pop() ?? "";
  scratch = await makeTempDir("pulumi-voice-actionlint-");
}, ACTIONLINT_LIMIT_MS);
afterAll(() => scratch?.remove());

/** The workflow files under examples/ (YAML files with a `jobs:` key). */
async function workflows(): Promise<string[]> {
  const entries = await readdir(path.join(repoRoot, "examples"), { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name) && !e.parentPath.includes("node_modules"))
    .map((e) => path.join(e.parentPath, e.name));
  const found: string[] = [];
  for (const file of files) if (/^jobs:/m.test(await readFile(file, "utf8"))) found.push(file);
  return found.sort();
}

/** actionlint's verdict on `file`: its exit code and its findings. */
function lint(file: string): Promise<{ code: number; output: string }> {
  return run(actionlint, ["-no-color", file], { cwd: repoRoot }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, output: e.stdout + e.stderr }),
  );
}

describe("CI workflow examples", () => {
  it("examples/ holds the CI workflows", async () => {
    const found = (await workflows()).map((f) => path.relative(repoRoot, f));
    expect(found).toContain("examples/ci/telephony.yml");
    expect(found).toContain("examples/fleet/drift.yml");
  });

  it("every workflow under examples/ passes actionlint", async () => {
    for (const file of await workflows()) expect(await lint(file), file).toEqual({ code: 0, output: "" });
  });

  it("actionlint catches an error injected into a copy", async () => {
    const copy = path.join(scratch.path, "telephony.yml");
    await cp(path.join(repoRoot, "examples", "ci", "telephony.yml"), copy);
    const text = await readFile(copy, "utf8");
    await writeFile(
      copy,
      text.replace("runs-on: ubuntu-latest", "runs-on: ubuntu-latest\n    needz: [nothing]"),
    );
    const broken = await lint(copy);
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(/needz/);
  });
});
