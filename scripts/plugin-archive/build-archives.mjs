// Builds a product's archives (see products.mjs) `dist/<out>/<name>-v<version>-<os>-<arch>.tar.gz`: each
// holds one file that needs no Node.js on the user's machine, `<name>` (`.exe` on Windows), a Node.js
// single executable application made of the bundle and that platform's official Node.js binary (served by
// the npm registry as `node-<os>-<arch>`; where it serves none `engines.node` allows, a build of Node.js's
// source from a Python wheel, see pypi-node-binary.mjs; cached outside the repository), macOS ones
// signed ad hoc (sign.mjs); and a package.json naming the version and the Node.js it is built on. Beside
// them, the bundle itself (what `node <bundle>` runs).
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
import { checkMacSea } from "./macho-sea-check.mjs";
import { nodeBinary, wantedNodeVersion } from "./node-binary.mjs";
import { NotServed } from "./node-version-choice.mjs";
import { checkWindowsSea } from "./pe-sea-check.mjs";
import { hostPlatform, PLATFORMS, platformNamed } from "./platforms.mjs";
import { pypiNodeBinary } from "./pypi-node-binary.mjs";
import { singleExecutable } from "./sea.mjs";
import { adHocSign } from "./sign.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { name, version, license, repository } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

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

/** Builds `product`'s archive for `platform` from `bundle` in `work` into `out`; answers its path. */
async function buildArchive(product, platform, wanted, bundle, work, out) {
  const target = await nodeToBuildOn(platform, wanted);
  // The blob is made by a Node.js of the target's exact version that runs here.
  const host = hostPlatform();
  const blobNode = nodeBinary(root, host.nodePackage, host.nodeBinary, target.version, { exact: true });
  const staging = join(work, platform.name);
  mkdirSync(staging);
  const file = product.name + platform.exe;
  const executable = join(staging, file);
  const blob = await singleExecutable({
    bundle,
    execArgv: product.execArgv,
    platform,
    targetNode: target.path,
    blobNode: blobNode.path,
    out: executable,
    work,
  });
  // A Windows or macOS executable cannot run where it is built: its structure is checked instead.
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
  const archive = join(out, `${product.name}-v${version}-${platform.name}.tar.gz`);
  const partial = join(work, basename(archive));
  execFileSync("tar", ["-czf", partial, "-C", staging, file, "package.json"]);
  renameSync(partial, archive);
  process.stderr.write(`${platform.name}: Node.js ${target.version} (${target.source}), ${archive}\n`);
  return archive;
}

/**
 * Builds the archives of `product` that `args` ask for (`--platform <os>-<arch>`, repeatable; `--all`;
 * by default the host's) and prints their paths on stdout, one a line, in the order asked; progress goes
 * to stderr. A failure is one line on stderr and exit code 1.
 */
export async function runArchiveBuild(product, args) {
  try {
    const { values } = parseArgs({
      args,
      options: { platform: { type: "string", multiple: true }, all: { type: "boolean", default: false } },
    });
    const platforms = values.all ? PLATFORMS : (values.platform ?? [hostPlatform().name]).map(platformNamed);
    const wanted = wantedNodeVersion(root);
    const out = join(root, "dist", product.out);
    mkdirSync(out, { recursive: true });
    // Scratch space inside the output folder, so the finished files move into place by a rename.
    const work = mkdtempSync(join(out, ".work-"));
    try {
      const bundle = join(work, product.bundleFile);
      await product.bundle(root, bundle);
      copyFileSync(bundle, join(work, `${product.bundleFile}.copy`));
      renameSync(join(work, `${product.bundleFile}.copy`), join(out, product.bundleFile));
      for (const platform of platforms) {
        try {
          console.log(await buildArchive(product, platform, wanted, bundle, work, out));
        } catch (error) {
          // `--all` builds what the registry serves; a platform asked for by name must be built.
          if (!(values.all && error instanceof NotServed)) throw error;
          process.stderr.write(`${platform.name}: skipped: ${error.message}\n`);
        }
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  } catch (error) {
    process.stderr.write(
      `${product.name} archives: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}
