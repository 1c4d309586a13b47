// Builds the plugin archive `dist/plugin/pulumi-resource-voice-v<version>-<os>-<arch>.tar.gz`, which
// `pulumi plugin install resource voice <version> --file <archive>` installs: the native provider
// (dist/provider/plugin, built by `npm run build`) bundled into one JavaScript file with esbuild (the
// engine refuses an archive whose symlinks point outside it, so no node_modules), a package.json for
// the version, license and repository the served schema names, and the launcher
// `pulumi-resource-voice`, which runs the bundle with `node` from PATH.
// Prints the archive's path.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { name, version, license, repository } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const main = join(root, "dist", "provider", "plugin", "main.js");

/** Pulumi's names for this machine's OS and architecture, as plugin archives are named. */
const OS = { linux: "linux", darwin: "darwin" }[process.platform];
const ARCH = { x64: "amd64", arm64: "arm64" }[process.arch];
if (!OS || !ARCH) throw new Error(`no plugin archive for ${process.platform}-${process.arch}`);

const LAUNCHER = `#!/bin/sh
# The voice resource-provider plugin: runs the bundled provider with the node on PATH (Node.js >= 22).
exec node "$(dirname "$0")/provider.js" "$@"
`;

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

const staging = mkdtempSync(join(tmpdir(), "pulumi-resource-voice-"));
try {
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
    outfile: join(staging, "provider.js"),
    plugins: [oneGrpc, noTypescript],
    logLevel: "warning",
  });
  writeFileSync(
    join(staging, "package.json"),
    `${JSON.stringify({ name, version, license, repository, private: true }, null, 2)}\n`,
  );
  writeFileSync(join(staging, "pulumi-resource-voice"), LAUNCHER);
  chmodSync(join(staging, "pulumi-resource-voice"), 0o755);
  const out = join(root, "dist", "plugin");
  mkdirSync(out, { recursive: true });
  const archive = join(out, `pulumi-resource-voice-v${version}-${OS}-${ARCH}.tar.gz`);
  // Written aside, then renamed: a reader of the previous archive (another build, the release) never sees half of one.
  const partial = `${archive}.${process.pid}.partial`;
  execFileSync("tar", [
    "-czf",
    partial,
    "-C",
    staging,
    "pulumi-resource-voice",
    "provider.js",
    "package.json",
  ]);
  renameSync(partial, archive);
  console.log(archive);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
