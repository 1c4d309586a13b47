// Builds the plugin archives `dist/plugin/pulumi-resource-voice-v<version>-<os>-<arch>.tar.gz`, which
// `pulumi plugin install resource voice <version> --file <archive>` installs. Each holds one file that
// needs no Node.js on the user's machine: `pulumi-resource-voice` (`.exe` on Windows), a Node.js single
// executable application made of the bundled provider and that platform's official Node.js binary
// (served by the npm registry as `node-<os>-<arch>`; where it serves none `engines.node` allows, a build
// of Node.js's source from a Python wheel, see plugin-archive/pypi-node-binary.mjs; cached outside the
// repository); macOS ones signed ad hoc. Beside them, `dist/plugin/provider.js` is the bundle itself (what `node provider.js` runs).
//
//   node scripts/plugin-archive.mjs                          the host's platform
//   node scripts/plugin-archive.mjs --platform linux-arm64   one or more (repeat the flag)
//   node scripts/plugin-archive.mjs --all                    every platform (see platform list)
//
// Prints each archive's path on stdout, one a line, in the order asked; progress goes to stderr.
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { bundlePlugin } from "./plugin-archive/bundle.mjs";
import { checkMacSea } from "./plugin-archive/macho-sea-check.mjs";
import { nodeBinary, wantedNodeVersion } from "./plugin-archive/node-binary.mjs";
import { NotServed } from "./plugin-archive/node-version-choice.mjs";
import { checkWindowsSea } from "./plugin-archive/pe-sea-check.mjs";
import { hostPlatform, PLATFORMS, platformNamed } from "./plugin-archive/platforms.mjs";
import { pypiNodeBinary } from "./plugin-archive/pypi-node-binary.mjs";
import { singleExecutable } from "./plugin-archive/sea.mjs";
import { adHocSign } from "./plugin-archive/sign.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { name, version, license, repository } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

const host = hostPlatform();

/**
 * The Node.js binary `platform`'s executable is built on, with where it came from (`npm:<package>@<v>`
 * or `pypi:<project>@<v>`): the npm registry's official binary, else the platform's wheel, if it has one.
 */
async function nodeToBuildOn(platform, wanted) {
  try {
    const found = nodeBinary(root, platform.nodePackage, platform.nodeBinary, wanted);
    return { ...found, source: `npm:${platform.nodePackage}@${found.version}` };
  } catch (error) {
    if (!(error instanceof NotServed && platform.wheel)) throw error;
    process.stderr.write(
      `${platform.name}: npm serves ${platform.nodePackage} at no version engines.node allows; taking Node.js from ${platform.wheel.project} (PyPI)\n`,
    );
    const found = await pypiNodeBinary(root, platform.wheel, platform.name, wanted);
    return { ...found, source: `pypi:${platform.wheel.project}@${found.version}` };
  }
}

/** Builds the archive of `platform` from `bundle` in `work`; answers its path. */
async function buildArchive(platform, wanted, bundle, work, out) {
  const target = await nodeToBuildOn(platform, wanted);
  // The blob is made by a Node.js of the target's exact version that runs here.
  const blobNode = nodeBinary(root, host.nodePackage, host.nodeBinary, target.version, { exact: true });
  const staging = join(work, platform.name);
  mkdirSync(staging);
  const executable = join(staging, platform.executable);
  const blob = await singleExecutable({
    bundle,
    platform,
    targetNode: target.path,
    blobNode: blobNode.path,
    out: executable,
    work,
  });
  // A Windows executable cannot run where it is built: its structure is checked instead.
  if (platform.os === "windows")
    process.stderr.write(
      `${platform.name}: ${checkWindowsSea(readFileSync(executable), platform.arch, blob)}\n`,
    );
  if (platform.os === "darwin") {
    adHocSign(executable);
    process.stderr.write(`${platform.name}: ${checkMacSea(readFileSync(executable), platform.arch, blob)}\n`);
  }
  // The plugin reports the version of the package.json beside it; the release lists the Node.js it runs on.
  writeFileSync(
    join(staging, "package.json"),
    `${JSON.stringify({ name, version, license, repository, private: true, nodeVersion: target.version, nodeSource: target.source }, null, 2)}\n`,
  );
  // Written beside, then renamed: a build running at the same time never sees half an archive.
  const archive = join(out, `pulumi-resource-voice-v${version}-${platform.name}.tar.gz`);
  const partial = join(work, basename(archive));
  execFileSync("tar", ["-czf", partial, "-C", staging, platform.executable, "package.json"]);
  renameSync(partial, archive);
  process.stderr.write(`${platform.name}: Node.js ${target.version} (${target.source}), ${archive}\n`);
  return archive;
}

/** Builds the archives asked for by `args`; prints their paths. */
async function main(args) {
  const { values } = parseArgs({
    args,
    options: { platform: { type: "string", multiple: true }, all: { type: "boolean", default: false } },
  });
  const platforms = values.all ? PLATFORMS : (values.platform ?? [host.name]).map(platformNamed);
  const wanted = wantedNodeVersion(root);
  const out = join(root, "dist", "plugin");
  mkdirSync(out, { recursive: true });
  // Scratch space inside the output folder, so the finished files move into place by a rename.
  const work = mkdtempSync(join(out, ".work-"));
  try {
    const bundle = join(work, "provider.js");
    await bundlePlugin(root, bundle);
    copyFileSync(bundle, join(work, "provider.js.copy"));
    renameSync(join(work, "provider.js.copy"), join(out, "provider.js"));
    for (const platform of platforms) {
      try {
        console.log(await buildArchive(platform, wanted, bundle, work, out));
      } catch (error) {
        // `--all` builds what the registry serves; a platform asked for by name must be built.
        if (!(values.all && error instanceof NotServed)) throw error;
        process.stderr.write(`${platform.name}: skipped: ${error.message}\n`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`plugin-archive: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
