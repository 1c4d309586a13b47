// How an exported project's package.json names this package: as the package the export runs from, so
// the printed `npm install` installs the same code whether or not that version is on the registry.
import { readFileSync } from "node:fs";
import path from "node:path";
import { isSea } from "node:sea";

/** The lockfile entry's `resolved` of the package at `installedAt` (relative to `project`), if npm recorded one. */
function lockedSource(project: string, installedAt: string): string | undefined {
  const key = installedAt.split(path.sep).join("/");
  // The hidden lockfile is what npm installed; package-lock.json is what the project asked for.
  for (const lock of [path.join("node_modules", ".package-lock.json"), "package-lock.json"]) {
    try {
      const { packages } = JSON.parse(readFileSync(path.join(project, lock), "utf8")) as {
        packages?: Record<string, { resolved?: unknown }>;
      };
      const resolved = packages?.[key]?.resolved;
      if (typeof resolved === "string") return resolved;
    } catch {
      // no such lockfile, or not npm's: try the next one
    }
  }
  return undefined;
}

/**
 * The dependency spec of the package found in `dir` at `version`: a checkout or a linked folder (not
 * under node_modules) as `file:<dir>`; a copy installed from a tarball or folder as `file:` that source;
 * one from the registry (or of unknown origin) as `^<version>`, and so the single executable (`standalone`),
 * which has no package folder. `file:` paths are absolute, so the spec works wherever the project is written.
 */
export function packageSpecOf(dir: string, version: string, standalone = isSea()): string {
  if (standalone) return `^${version}`;
  const parts = dir.split(path.sep);
  const modules = parts.indexOf("node_modules");
  if (modules < 0) return `file:${dir}`;
  const project = parts.slice(0, modules).join(path.sep) || path.sep;
  const resolved = lockedSource(project, path.relative(project, dir));
  if (resolved?.startsWith("file:")) return `file:${path.resolve(project, resolved.slice("file:".length))}`;
  return `^${version}`;
}
