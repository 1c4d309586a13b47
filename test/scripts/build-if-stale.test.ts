// `npm run emulator`, `demo` and `bench` build first only when dist/ is stale. A build by any road
// (`npm run build`, which `npm ci` runs through `postprepare`, and `npm pack` through `prepack`)
// must leave the stamp that scripts/build-if-stale.mjs accepts, so the first run after `npm ci`
// starts at once. Checked on a small project that builds with this repository's build scripts.
import { execFile } from "node:child_process";
import { copyFile, mkdir, readdir, readFile, symlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, repoRoot, type TempDir } from "../fixtures/engine";

const run = promisify(execFile);
/** Two small tsc runs and npm's own start-up, on a loaded 2-core machine. */
const BUILD_TIMEOUT_MS = 180_000;

interface Scripts {
  build: string;
  "build:native": string;
  postprepare: string;
  prepack: string;
}

const ours = async (): Promise<Scripts> =>
  JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")).scripts;

/**
 * A project laid out as this repository (sources under a folder tsconfig.build.json includes, the
 * native SDK under sdks/nodejs), with this repository's build scripts, helpers and TypeScript.
 */
async function miniProject(): Promise<TempDir> {
  const dir = await makeTempDir("pulumi-voice-build-stamp-");
  const file = async (name: string, text: string) => {
    await mkdir(path.dirname(path.join(dir.path, name)), { recursive: true });
    await writeFile(path.join(dir.path, name), text);
  };
  const { build, "build:native": buildNative } = await ours();
  await file(
    "package.json",
    JSON.stringify({ name: "mini", private: true, scripts: { build, "build:native": buildNative } }),
  );
  await file(
    "tsconfig.json",
    JSON.stringify({ compilerOptions: { strict: true, module: "nodenext", target: "ES2023" } }),
  );
  await file(
    "tsconfig.build.json",
    JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { outDir: "dist" }, include: ["sdk"] }),
  );
  await file(
    "tsconfig.native.json",
    JSON.stringify({
      extends: "./tsconfig.json",
      compilerOptions: { outDir: "dist/native" },
      include: ["sdks/nodejs"],
    }),
  );
  await file("sdk/index.ts", "export const answer = 42;\n");
  await file("sdks/nodejs/index.ts", "export const native = true;\n");
  await file("sdks/nodejs/package.json", "{}\n");
  for (const script of (await readdir(path.join(repoRoot, "scripts"))).filter((f) => f.endsWith(".mjs"))) {
    await mkdir(path.join(dir.path, "scripts"), { recursive: true });
    await copyFile(path.join(repoRoot, "scripts", script), path.join(dir.path, "scripts", script));
  }
  const modules = path.join(dir.path, "node_modules");
  await mkdir(path.join(modules, ".bin"), { recursive: true });
  await symlink(path.join(repoRoot, "node_modules", "typescript"), path.join(modules, "typescript"), "dir");
  await symlink(path.join(modules, "typescript", "bin", "tsc"), path.join(modules, ".bin", "tsc"));
  return dir;
}

/** Runs a command in `dir`; answers its exit code and stderr. */
function inDir(dir: TempDir, command: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return run(command, args, { cwd: dir.path, timeout: BUILD_TIMEOUT_MS }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (e: { code?: number; stderr?: string; message: string }) => ({
      code: e.code ?? 1,
      stderr: e.stderr ?? e.message,
    }),
  );
}

describe("the build stamp", { timeout: BUILD_TIMEOUT_MS * 2 }, () => {
  let project: TempDir;
  beforeAll(async () => {
    project = await miniProject();
  });
  afterAll(() => project?.remove());

  it("npm ci and npm pack build through npm run build", async () => {
    const { postprepare, prepack } = await ours();
    expect(postprepare).toMatch(/\bnpm run build\b/);
    expect(prepack).toMatch(/\bnpm run build\b/);
  });

  it("after npm run build, build-if-stale finds dist/ fresh and builds nothing", async () => {
    const built = await inDir(project, "npm", ["run", "--silent", "build"]);
    expect(built.code, built.stderr).toBe(0);
    const next = await inDir(project, process.execPath, ["scripts/build-if-stale.mjs"]);
    expect(next).toEqual({ code: 0, stderr: "" });
  });

  it("a source changed after the build is built first, then fresh again", async () => {
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(project.path, "sdk", "index.ts"), later, later);
    const stale = await inDir(project, process.execPath, ["scripts/build-if-stale.mjs"]);
    expect(stale.code).toBe(0);
    expect(stale.stderr).toMatch(/Building first \(sdk\/index\.ts changed since the last build\)/);
    await utimes(path.join(project.path, "sdk", "index.ts"), new Date(), new Date(Date.now() - 60_000));
    expect(await inDir(project, process.execPath, ["scripts/build-if-stale.mjs"])).toEqual({
      code: 0,
      stderr: "",
    });
  });
});
