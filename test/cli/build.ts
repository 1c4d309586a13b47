import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { limitFor } from "../fixtures/limits";

/** A whole compile on a loaded machine: a build, counted as an install. */
export const BUILD_TIMEOUT_MS = limitFor(0, 1);

/** The repository root. */
export const ROOT = resolve(__dirname, "../..");

// What the compile reads: the folders `cli/main.ts` and the emulator import from, the compiler options
// and the compiler itself. Any change to them makes a new build.
const SOURCES = ["cli", "emulator", "provider", "sdk", "policy"];
const PREFIX = ".cli-test-";

/**
 * Compile the CLI and the emulator (all it loads) on their own, into `dist/.cli-test-<hash>/`, and
 * answer the path of the compiled `cli/main.js`: the same sources and compiler options as
 * `npm run build`, without depending on other folders' work in progress or on a stale `dist/`.
 * The folder is named after a hash of what the compile reads, so the test files that run the CLI
 * share one compile (about 8 s of CPU each) and a later run with unchanged sources reuses it.
 */
export function buildCli(): string {
  const key = sourcesHash();
  const dist = join(ROOT, "dist");
  const out = join(dist, `${PREFIX}${key}`);
  const main = join(out, "cli", "main.js");
  if (existsSync(main)) return main;
  // Compile into a folder of this process's own, then move it in whole: two test files starting at
  // once both compile, and whichever moves second finds the first one's build and uses it.
  const work = `${out}.${process.pid}`;
  compile(work);
  try {
    renameSync(work, out);
  } catch (e) {
    if (!existsSync(main)) throw e;
    rmSync(work, { recursive: true, force: true });
  }
  for (const old of readdirSync(dist))
    if (old.startsWith(PREFIX) && !old.includes(key))
      rmSync(join(dist, old), { recursive: true, force: true });
  return main;
}

function compile(out: string): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, "tsconfig.json"),
    JSON.stringify({
      extends: "../../tsconfig.json",
      compilerOptions: { noEmit: false, outDir: ".", rootDir: "../..", declaration: false, sourceMap: false },
      include: ["../../cli/main.ts", "../../emulator"],
    }),
  );
  const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", join(out, "tsconfig.json")], { cwd: ROOT, stdio: "pipe" });
  } catch (e) {
    // tsc emits despite type errors. Errors in other commands' modules (the dispatcher loads them
    // lazily, but tsc follows the imports) are theirs to fix; errors in what these tests run fail here.
    const output = String((e as { stdout?: Buffer }).stdout ?? e);
    const ours = output.split("\n").filter((line) => /^(cli\/main\.ts|emulator\/)/.test(line));
    if (ours.length > 0 || !existsSync(join(out, "cli", "main.js"))) {
      rmSync(out, { recursive: true, force: true });
      throw new Error(`tsc failed:\n${output}`);
    }
  }
}

/** A short hash of the TypeScript sources, the compiler options and the compiler's version. */
function sourcesHash(): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(join(ROOT, "tsconfig.json")));
  hash.update(readFileSync(join(ROOT, "node_modules", "typescript", "package.json")));
  for (const folder of SOURCES)
    for (const file of readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" }).sort())
      if (file.endsWith(".ts"))
        hash.update(`${folder}/${file}\0`).update(readFileSync(join(ROOT, folder, file)));
  return hash.digest("hex").slice(0, 16);
}
