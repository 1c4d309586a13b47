import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The repository root. */
export const ROOT = resolve(__dirname, "../..");

/**
 * Compile the CLI and the emulator (all it loads) on their own, into `dist/.cli-test-<name>/`,
 * and answer the path of the compiled `cli/index.js`: the same sources and compiler options as
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
      include: ["../../cli", "../../emulator"],
    }),
  );
  execFileSync(process.execPath, [
    join(ROOT, "node_modules", "typescript", "bin", "tsc"),
    "-p",
    join(out, "tsconfig.json"),
  ]);
  return join(out, "cli", "index.js");
}
