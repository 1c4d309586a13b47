// What every release step shares: where it builds, what it made, and how it runs a tool.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PackageRelease } from "../../provider/plugin/release";

/** One built artifact: a file in the output folder, or a folder (a source tree shipped by tag). */
export interface Artifact {
  /** What it is, e.g. `npm`, `plugin`, `wheel`, `go-module`. */
  readonly kind: string;
  /** Its path relative to the output folder. */
  readonly file: string;
  /** Its size in bytes (a folder: the sum of its files). */
  readonly bytes: number;
  /** SHA-256 of a file's content (a folder has none: it is published from the tagged source). */
  readonly sha256?: string;
  /** A plugin archive's: the Node.js version its executable is built on (not the same on every platform). */
  readonly nodeVersion?: string;
  /** A plugin archive's: where that Node.js came from, `npm:<package>@<v>` or `pypi:<project>@<v>`. */
  readonly nodeSource?: string;
}

/** Where a step reads and writes. */
export interface ReleaseContext {
  readonly root: string;
  /** The output folder, e.g. dist/release. */
  readonly out: string;
  readonly release: PackageRelease;
  /** Scratch space removed after the run. */
  readonly scratch: string;
}

/** An artifact record for a file the step wrote under `out`. */
export function fileArtifact(ctx: ReleaseContext, kind: string, file: string): Artifact {
  const full = path.resolve(ctx.out, file);
  const content = readFileSync(full);
  return {
    kind,
    file: path.relative(ctx.out, full),
    bytes: content.length,
    sha256: createHash("sha256").update(content).digest("hex"),
  };
}

/** An artifact record for a folder the step wrote under `out`. */
export function folderArtifact(ctx: ReleaseContext, kind: string, dir: string): Artifact {
  const full = path.resolve(ctx.out, dir);
  const bytes = execFileSync("find", [full, "-type", "f", "-printf", "%s\\n"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .reduce((sum, size) => sum + Number(size), 0);
  return { kind, file: path.relative(ctx.out, full), bytes };
}

/** Runs a tool, its progress on stderr, and answers its stdout; a failure names the command. */
export function tool(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): string {
  try {
    return execFileSync(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    throw new Error(`${command} ${args.join(" ")} failed: ${(error as Error).message}`);
  }
}

/** Fails naming the artifact and the rule unless `ok`. */
export function check(ok: boolean, artifact: string, rule: string): void {
  if (!ok) throw new Error(`${artifact}: ${rule}`);
}
