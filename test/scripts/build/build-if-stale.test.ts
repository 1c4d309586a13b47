// `npm run emulator`, `demo` and `bench` build first only when dist/ is stale. A build by any road
// (`npm run build`, which `npm ci` runs through `postprepare`, and `npm pack` through `prepack`)
// must leave the stamp that scripts/build/build-if-stale.mjs accepts, so the first run after `npm ci`
// starts at once. Checked on a small project that builds with this repository's build scripts
// (its node_modules, as in every test program, links to this repository's).
import { execFile } from "node:child_process";
import { readdir, readFile, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProgramDir, repoRoot, type TempDir } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";

const run = promisify(execFile);
/** A build (two small tsc runs and npm's own start-up) on a loaded machine. */
const BUILD_LIMIT_MS = limitFor(0, 1);

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
  const { build, "build:native": buildNative } = await ours();
  const scripts = (await readdir(path.join(repoRoot, "scripts", "build"))).filter((f) => f.endsWith(".mjs"));
  const helpers = await Promise.all(
    scripts.map(async (f) => [
      `scripts/build/${f}`,
      await readFile(path.join(repoRoot, "scripts", "build", f), "utf8"),
    ]),
  );
  const json = (value: unknown) => JSON.stringify(value);
  return makeProgramDir({
    "package.json": json({ name: "mini", private: true, scripts: { build, "build:native": buildNative } }),
    "tsconfig.json": json({ compilerOptions: { strict: true, module: "nodenext", target: "ES2023" } }),
    "tsconfig.build.json": json({
      extends: "./tsconfig.json",
      compilerOptions: { outDir: "dist" },
      include: ["sdk"],
    }),
    "tsconfig.native.json": json({
      extends: "./tsconfig.json",
      compilerOptions: { outDir: "dist/native" },
      include: ["sdks/nodejs"],
    }),
    "sdk/index.ts": "export const answer = 42;\n",
    "sdks/nodejs/index.ts": "export const native = true;\n",
    "sdks/nodejs/package.json": "{}\n",
    ...Object.fromEntries(helpers),
  });
}

/** Runs a command in `dir`; answers its exit code and stderr. */
function inDir(dir: TempDir, command: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return run(command, args, { cwd: dir.path, timeout: BUILD_LIMIT_MS }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (e: { code?: number; stderr?: string; message: string }) => ({
      code: e.code ?? 1,
      stderr: e.stderr ?? e.message,
    }),
  );
}

describe("the build stamp", () => {
  let project: TempDir;
  /** What `npm run build` in the fresh project answered: each case starts from that build. */
  let built: { code: number; stderr: string };
  beforeAll(async () => {
    project = await miniProject();
    built = await inDir(project, "npm", ["run", "--silent", "build"]);
  }, BUILD_LIMIT_MS);
  afterAll(() => project?.remove());

  it("npm ci and npm pack build through npm run build", async () => {
    const { postprepare, prepack } = await ours();
    expect(postprepare).toMatch(/\bnpm run build\b/);
    expect(prepack).toMatch(/\bnpm run build\b/);
  });

  it(
    "after npm run build, build-if-stale finds dist/ fresh and builds nothing",
    async () => {
      expect(built.code, built.stderr).toBe(0);
      const next = await inDir(project, process.execPath, ["scripts/build/build-if-stale.mjs"]);
      expect(next).toEqual({ code: 0, stderr: "" });
    },
    limitFor(1),
  );

  it(
    "a source changed after the build is built first, then fresh again",
    async () => {
      const source = path.join(project.path, "sdk", "index.ts");
      const { atime, mtime } = await stat(source);
      const later = new Date(Date.now() + 60_000);
      await utimes(source, later, later);
      const stale = await inDir(project, process.execPath, ["scripts/build/build-if-stale.mjs"]);
      expect(stale.code).toBe(0);
      expect(stale.stderr).toMatch(/Building first \(sdk\/index\.ts changed since the last build\)/);
      // Its time before the change, older than any build, however long the build above took.
      await utimes(source, atime, mtime);
      expect(await inDir(project, process.execPath, ["scripts/build/build-if-stale.mjs"])).toEqual({
        code: 0,
        stderr: "",
      });
    },
    limitFor(1, 1),
  );
});
