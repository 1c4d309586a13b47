// What a single executable runs, bundled by esbuild into one JavaScript file from what `npm run build`
// wrote to dist/: the native provider (dist/provider/plugin; the launcher runs the same file) and the
// command line (dist/cli). One file because the engine refuses a plugin archive whose symlinks point
// outside it (so no node_modules), and because a Node.js single executable application runs one script
// that can `require` only Node's built-in modules.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

/** In the bundle there is one @grpc/grpc-js: `grpc.js`'s lookup of @pulumi/pulumi's copy becomes a plain import. */
const oneGrpc = {
  name: "one-grpc",
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]dist[\\/]provider[\\/]plugin[\\/]grpc\.js$/ }, () => ({
      contents: 'exports.grpc = require("@grpc/grpc-js");',
      loader: "js",
    }));
  },
};

/**
 * TypeScript (10 MB, over half the bundle) is loaded by @pulumi/pulumi's closure serializer, which
 * only a program uses, never this provider: it is left out and fails loudly if ever reached.
 */
const noTypescript = {
  name: "no-typescript",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^typescript$/ }, () => ({ path: "typescript", namespace: "no-typescript" }));
    esbuild.onLoad({ filter: /.*/, namespace: "no-typescript" }, () => ({
      contents:
        'module.exports = new Proxy({}, { get(_, key) { throw new Error("TypeScript is not in the voice plugin (" + String(key) + ")"); } });',
      loader: "js",
    }));
  },
};

/**
 * The package's own package.json, written into the bundle: an executable has no package folder to find
 * it in, and is often copied alone onto PATH. Its folder is the executable's.
 */
const ownPackageOf = (root) => {
  const { name, version, license, repository, dependencies, devDependencies } = JSON.parse(
    readFileSync(join(root, "package.json"), "utf8"),
  );
  const own = { name, version, license, repository, dependencies, devDependencies };
  return {
    name: "own-package",
    setup(esbuild) {
      esbuild.onLoad({ filter: /[\\/]dist[\\/]sdk[\\/]core[\\/]own-package\.js$/ }, () => ({
        contents: `exports.ownPackage = () => ({ ...${JSON.stringify(own)}, dir: require("node:path").dirname(process.execPath) });`,
        loader: "js",
      }));
    },
  };
};

/** Bundles `entry` (a script's text, run from `root`) to `outfile` with `plugins`. */
const bundle = (root, entry, outfile, plugins) =>
  build({
    stdin: { contents: entry, resolveDir: root, loader: "js" },
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    outfile,
    plugins,
    logLevel: "warning",
  });

/** Writes the bundle of the plugin built under `root` to `outfile`. */
export async function bundlePlugin(root, outfile) {
  const main = join(root, "dist", "provider", "plugin", "main.js");
  await bundle(root, `require(${JSON.stringify(main)}).serve(process.argv.slice(2));`, outfile, [
    oneGrpc,
    noTypescript,
  ]);
}

/**
 * Writes the bundle of the command line built under `root` to `outfile`: cli/main.ts's `main` on the
 * arguments, exiting 1 with the error on a failure it does not handle itself (as when run by `node`).
 */
export async function bundleCli(root, outfile) {
  const main = join(root, "dist", "cli", "main.js");
  const entry = `require(${JSON.stringify(main)}).main(process.argv.slice(2)).catch((e) => {
  process.stderr.write("pulumi-voice-platform: " + (e instanceof Error ? (e.stack ?? e.message) : String(e)) + "\\n");
  process.exit(1);
});`;
  await bundle(root, entry, outfile, [oneGrpc, noTypescript, ownPackageOf(root)]);
}
