// The native provider (dist/provider/plugin, built by `npm run build`) bundled by esbuild into one
// JavaScript file: what both the launcher and the single executable run. One file because the engine
// refuses an archive whose symlinks point outside it (so no node_modules), and because a Node.js single
// executable application runs one script that can `require` only Node's built-in modules.
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

/** Writes the bundle of the plugin built under `root` to `outfile`. */
export async function bundlePlugin(root, outfile) {
  const main = join(root, "dist", "provider", "plugin", "main.js");
  await build({
    stdin: {
      contents: `require(${JSON.stringify(main)}).serve(process.argv.slice(2));`,
      resolveDir: root,
      loader: "js",
    },
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    outfile,
    plugins: [oneGrpc, noTypescript],
    logLevel: "warning",
  });
}
