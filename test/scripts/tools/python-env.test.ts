// scripts/tools/python-env installs exactly what its lock file names: the lock pins every package to one
// version with hashes, its `pulumi` is the pinned @pulumi/pulumi's version, and the script refuses to
// make an environment when the two disagree (checked on a copy of the script in a scratch layout).
import { execFile } from "node:child_process";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, repoRoot, type TempDir } from "../../fixtures/engine";

const run = promisify(execFile);
const lockFile = path.join(repoRoot, "scripts", "tools", "python-requirements", "requirements.txt");
const pinned = async (): Promise<string> =>
  JSON.parse(await readFile(path.join(repoRoot, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8"))
    .version;

/** The lock's requirements: each `name==version` line with the hashes listed under it. */
function requirements(lock: string): { name: string; version: string; hashes: number }[] {
  return lock
    .split(/\n(?=\S)/)
    .filter((entry) => !entry.startsWith("#") && entry.trim() !== "")
    .map((entry) => {
      const [, name = "", version = ""] = /^([\w.-]+)==(\S+)/.exec(entry) ?? [];
      return { name, version, hashes: (entry.match(/--hash=sha256:[0-9a-f]{64}/g) ?? []).length };
    });
}

describe("the Python environment's lock", () => {
  it("pins every package to one version, with hashes, and pulumi to the engine's release", async () => {
    const entries = requirements(await readFile(lockFile, "utf8"));
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      expect(entry.name, JSON.stringify(entry)).not.toBe("");
      expect(entry.hashes, entry.name).toBeGreaterThan(0);
    }
    const names = entries.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(["pulumi", "parver", "semver", "setuptools", "grpcio"]));
    expect(entries.find((e) => e.name === "pulumi")?.version).toBe(await pinned());
  });
});

describe("scripts/tools/python-env", () => {
  let scratch: TempDir;

  beforeAll(async () => {
    scratch = await makeTempDir("pulumi-voice-python-env-");
    const root = scratch.path;
    await mkdir(path.join(root, "scripts", "tools", "python-requirements"), { recursive: true });
    await mkdir(path.join(root, "node_modules", "@pulumi", "pulumi"), { recursive: true });
    await copyFile(
      path.join(repoRoot, "scripts", "tools", "python-env"),
      path.join(root, "scripts", "tools", "python-env"),
    );
    await copyFile(lockFile, path.join(root, "scripts", "tools", "python-requirements", "requirements.txt"));
    // A release the lock does not pin.
    await writeFile(
      path.join(root, "node_modules", "@pulumi", "pulumi", "package.json"),
      JSON.stringify({ name: "@pulumi/pulumi", version: "3.999.0" }, null, 2),
    );
  });
  afterAll(() => scratch?.remove());

  it("stops, naming both versions, when the lock's pulumi is not the pinned @pulumi/pulumi", async () => {
    const failure = await run(path.join(scratch.path, "scripts", "tools", "python-env"), [], {
      env: { ...process.env, PULUMI_VOICE_PYTHON_CACHE: path.join(scratch.path, "cache") },
    }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain("does not pin pulumi==3.999.0, the version of @pulumi/pulumi");
    expect(failure?.stderr).toContain("regenerate requirements.txt");
  });
});
