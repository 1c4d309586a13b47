// Node's on-disk cache of compiled modules (Node 22.1 and later; keyed by each file's content, so a
// changed package is compiled again) for the command line and the Node.js processes it has Pulumi start.
// `enableCompileCache()` reaches this process only; a child gets it through NODE_COMPILE_CACHE.
import os from "node:os";
import path from "node:path";

/** The cache folder: the user's NODE_COMPILE_CACHE, else Node's own default (`node-compile-cache` in the temp folder). */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.NODE_COMPILE_CACHE || path.join(os.tmpdir(), "node-compile-cache");
}

/** The variables that give a child's Node.js processes the cache; none where the user turned it off. */
export function compileCacheEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return env.NODE_DISABLE_COMPILE_CACHE ? {} : { NODE_COMPILE_CACHE: compileCacheDir(env) };
}
