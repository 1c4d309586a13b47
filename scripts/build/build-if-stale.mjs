// Runs `npm run build` only when dist/ is older than the sources, so `npm run emulator`, `demo`
// and `bench` start at once when nothing changed (a full tsc build takes tens of seconds).
//
// Fresh means: dist/.build-stamp exists and is newer than every TypeScript or JSON file under
// the folders tsconfig.build.json includes, the tsconfig files, package.json and the build's
// own helpers. `npm run build` itself writes the stamp (scripts/build/build-stamp.mjs), dated when that
// build started, whoever ran it: a failed build (tsc still emits) or an edit made during the
// build means "stale".
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { STAMP as stamp } from "./build-stamp.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SOURCE = /\.(?:[mc]?ts|json)$/;
const FALLBACK_INCLUDE = ["sdk", "provider", "emulator", "cli", "scripts", "bench", "estate"];

/** The folders the build compiles (tsconfig.build.json's `include`). */
function includedFolders() {
  try {
    const include = JSON.parse(readFileSync(join(root, "tsconfig.build.json"), "utf8")).include;
    if (Array.isArray(include) && include.every((p) => typeof p === "string")) return include;
  } catch {
    // unreadable or not plain JSON: fall back to the folders it lists today
  }
  return FALLBACK_INCLUDE;
}

/** The newest input: `{file, mtimeMs}`. */
function newestInput() {
  let newest = { file: "", mtimeMs: 0 };
  const consider = (file) => {
    try {
      const { mtimeMs } = statSync(file);
      if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
    } catch {
      // a file removed while we walk: nothing to compare
    }
  };
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name)) consider(path);
    }
  };
  for (const folder of includedFolders()) walk(join(root, folder.replace(/[/*]+$/, "")));
  for (const file of [
    "tsconfig.json",
    "tsconfig.build.json",
    "package.json",
    "scripts/build/link-self.mjs",
    "scripts/build/build-stamp.mjs",
    "scripts/build/bin-executable.mjs",
  ]) {
    consider(join(root, file));
  }
  return newest;
}

function stampTime() {
  try {
    return statSync(stamp).mtimeMs;
  } catch {
    return -1;
  }
}

const newest = newestInput();
const built = stampTime();
if (built >= newest.mtimeMs) process.exit(0);

const why = built < 0 ? "no build recorded" : `${relative(root, newest.file)} changed since the last build`;
process.stderr.write(`Building first (${why})...\n`);
// Under `npm run`, npm_execpath is npm's own script: run the same npm with this Node.
const npmCli = process.env.npm_execpath;
const result = npmCli?.endsWith(".js")
  ? spawnSync(process.execPath, [npmCli, "run", "--silent", "build"], { cwd: root, stdio: "inherit" })
  : spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
