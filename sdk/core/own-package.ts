import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** What the SDK (its User-Agent) and the CLI read from this package's own package.json. */
export interface OwnPackage {
  /** The folder holding this package.json (symlinks resolved, as Node loads the code). */
  dir: string;
  name: string;
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  /** As written (an SPDX identifier); the plugin's schema carries it. */
  license?: unknown;
  /** As written (a URL or `{ type, url }`); the plugin's schema derives its release addresses from it. */
  repository?: unknown;
}

/** This package's package.json, found upward from this file (in a checkout and when installed), or `undefined`. */
export function ownPackage(): OwnPackage | undefined {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Partial<OwnPackage>;
      if (pkg.name === "pulumi-voice-platform" && pkg.version !== undefined)
        return { dependencies: {}, devDependencies: {}, ...pkg, dir } as OwnPackage;
    } catch {
      // no package.json here: keep going up
    }
    if (dirname(dir) === dir) return undefined;
  }
}
