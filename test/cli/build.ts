import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** A whole compile on a loaded 2-core machine (beside engine runs) can take minutes. */
export const BUILD_TIMEOUT_MS = 600_000;

/** The repository root. */
export const ROOT = resolve(__dirname, "../..");

/**
 * Compile the CLI and the emulator (all it loads) on their own, into `dist/.cli-test-<name>/`,
 * and answer the path of the compiled `cli/main.js`: the same sources and compiler options as
 * `npm run build`, without depending on other folders' work in progress or on a stale `dist/`.
 */
export function buildCli(name: string): string {
  const out = join(ROOT, "dist", `.cli-test-${name}`);
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
    if (ours.length > 0 || !existsSync(join(out, "cli", "main.js")))
      throw new Error(`tsc failed:\n${output}`);
  }
  return join(out, "cli", "main.js");
}
