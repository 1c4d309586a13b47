// What `npm pack` ships: exactly what a user's project needs at run time (the compiled package code and its
// typings, README, LICENSE, package.json) and nothing of the repository's own (tests, benchmarks, scripts,
// sources, source maps). Scripts are not run: `npm test` built dist/ before the tests, and a rebuild here
// would rewrite dist/ under the other test files.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../fixtures/engine";
import { limitFor } from "../fixtures/limits";

const run = promisify(execFile);

/** The compiled folders a user's program, the dynamic-provider host and the CLI load. */
const SHIPPED_FOLDERS = [
  "dist/cli/",
  "dist/emulator/",
  "dist/native/",
  "dist/policy/",
  "dist/provider/",
  "dist/sdk/",
];
const SHIPPED_FILES = [
  "LICENSE",
  "README.md",
  "package.json",
  "bin/pulumi-resource-voice",
  // The generated Node SDK (`pulumi-voice-platform/native`) reads its version from it.
  "dist/native/package.json",
  "policy-pack/PulumiPolicy.yaml",
  "policy-pack/index.js",
  "policy-pack/package.json",
];

interface PackEntry {
  path: string;
  mode: number;
}

interface PackResult {
  name: string;
  version: string;
  filename: string;
  files: PackEntry[];
  entryCount: number;
}

const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));

/** Every file a package.json field points a user at (main, types, exports, bin). */
function declaredTargets(): string[] {
  const targets = new Set<string>([pkg.main, pkg.types]);
  for (const entry of Object.values(pkg.exports as Record<string, string | Record<string, string>>)) {
    for (const target of typeof entry === "string" ? [entry] : Object.values(entry)) targets.add(target);
  }
  for (const target of Object.values(pkg.bin as Record<string, string>)) targets.add(target);
  return [...targets].map((target) => path.posix.normalize(target));
}

describe("npm pack", () => {
  let files: string[] = [];
  let result: PackResult;

  beforeAll(async () => {
    const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: repoRoot,
      maxBuffer: 16 * 1024 * 1024,
    });
    const [first] = JSON.parse(stdout) as PackResult[];
    if (!first) throw new Error(`npm pack printed no result:\n${stdout}`);
    result = first;
    files = result.files.map((file) => file.path).sort();
  }, limitFor(1));

  it("names the tarball after the package", () => {
    expect(result.filename).toBe(`${pkg.name}-${pkg.version}.tgz`);
    expect(result.entryCount).toBe(files.length);
  });

  it("ships README, LICENSE, package.json and the plugin's launcher", () => {
    for (const file of SHIPPED_FILES) expect(files).toContain(file);
  });

  it("ships nothing outside the compiled package folders", () => {
    const stray = files.filter(
      (file) => !SHIPPED_FILES.includes(file) && !SHIPPED_FOLDERS.some((folder) => file.startsWith(folder)),
    );
    expect(stray).toEqual([]);
  });

  it("ships compiled JavaScript and typings only: no sources, source maps or build info", () => {
    const other = files.filter(
      (file) =>
        file.startsWith("dist/") &&
        !file.endsWith(".js") &&
        !file.endsWith(".d.ts") &&
        !SHIPPED_FILES.includes(file),
    );
    expect(other).toEqual([]);
  });

  it("ships nothing of the repository's tests, benchmarks, scripts or examples", () => {
    const repoOnly = files.filter((file) =>
      /^(dist\/)?(test|bench|scripts|examples|docs|node_modules)\//.test(file),
    );
    expect(repoOnly).toEqual([]);
  });

  it("ships every file package.json points at (main, types, exports, bin)", () => {
    const missing = declaredTargets().filter(
      (target) => target !== "package.json" && !files.includes(target),
    );
    expect(missing).toEqual([]);
  });

  it("ships the engine-side runtime the serialized providers load by package name", () => {
    expect(files).toContain("dist/provider/entry/runtime.js");
    expect(files).toContain("dist/provider/entry/node-version.js");
  });

  it("ships every command executable (mode 755), as `npm run build` leaves it", () => {
    const modes = Object.values(pkg.bin as Record<string, string>).map((target) => {
      const entry = result.files.find((file) => file.path === path.posix.normalize(target));
      return [target, entry?.mode.toString(8)];
    });
    expect(modes).toEqual(Object.values(pkg.bin as Record<string, string>).map((t) => [t, "755"]));
  });

  it(
    "the command line runs through its bin link in the checkout (`npx pulumi-voice-platform`)",
    async () => {
      const { stdout } = await run("npx", ["--no-install", "pulumi-voice-platform", "--version"], {
        cwd: repoRoot,
      });
      expect(stdout.trim()).toBe(pkg.version);
    },
    limitFor(1),
  );

  it("ships the native provider plugin: the launcher npm puts in node_modules/.bin, and what it runs", () => {
    expect(pkg.bin["pulumi-resource-voice"]).toBe("bin/pulumi-resource-voice");
    expect(readFileSync(path.join(repoRoot, "bin", "pulumi-resource-voice"), "utf8")).toContain(
      "dist/provider/plugin/main.js",
    );
    expect(files).toContain("dist/provider/plugin/main.js");
  });
});
