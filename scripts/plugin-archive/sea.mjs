// A Node.js single executable application (SEA): the bundle's preparation blob, made by a host Node.js
// of the target's exact version (the blob is that version's format), injected with postject into a copy
// of the target platform's official Node.js binary. See https://nodejs.org/api/single-executable-applications.html
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { unsign } from "macho-unsign";
import postject from "postject";
import { unsignPe } from "./pe-unsign.mjs";
import { SENTINEL_FUSE } from "./sea-check.mjs";

/** The first program found on PATH among `names`, or undefined. */
function onPath(names) {
  for (const name of names) {
    try {
      execFileSync(name, ["--version"], { stdio: "ignore" });
      return name;
    } catch {
      // not there: try the next
    }
  }
  return undefined;
}

/**
 * Strips the symbol table of an ELF binary (about 18 MB of Node's 127) before the blob goes in: the
 * dynamic symbols that native addons link against stay. llvm-strip reads every architecture; GNU strip
 * only the host's, so without llvm-strip a foreign ELF is left as it is (said on stderr).
 */
function stripElf(file, platform) {
  const host = `${process.platform === "win32" ? "windows" : process.platform}-${{ x64: "amd64" }[process.arch] ?? process.arch}`;
  const strip = onPath(platform.name === host ? ["llvm-strip", "strip"] : ["llvm-strip"]);
  if (strip) execFileSync(strip, ["--strip-all", file]);
  else
    process.stderr.write(
      `${platform.name}: no llvm-strip on PATH, the executable keeps Node's symbol table\n`,
    );
}

/**
 * Writes the single executable for `platform` to `out`: `bundle` (one CommonJS file) run by a copy of
 * `targetNode` with the V8 flags `execArgv`, the blob made by `blobNode` (a Node.js of the same version
 * that runs on the host), in `work` (a scratch folder). Answers the blob injected.
 */
export async function singleExecutable({ bundle, execArgv, platform, targetNode, blobNode, out, work }) {
  const blob = join(work, "sea-prep.blob");
  const config = join(work, "sea-config.json");
  writeFileSync(
    config,
    JSON.stringify({
      main: bundle,
      output: blob,
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      // V8's code cache (parsed and compiled bundle) is only valid for the exact binary that made it:
      // only a blob made by the target binary itself carries one.
      useCodeCache: blobNode === targetNode,
      execArgv,
    }),
  );
  execFileSync(blobNode, ["--experimental-sea-config", config], { stdio: ["ignore", "ignore", "inherit"] });
  copyFileSync(targetNode, out);
  chmodSync(out, 0o755);
  if (platform.os === "linux") stripElf(out, platform);
  if (platform.os === "darwin") {
    // The official binary is signed; the injection breaks that signature, so it goes first (re-signed after).
    const unsigned = unsign(readFileSync(out));
    if (unsigned) writeFileSync(out, Buffer.from(unsigned));
  }
  if (platform.os === "windows") {
    const unsigned = unsignPe(readFileSync(out));
    if (unsigned) writeFileSync(out, unsigned);
  }
  const prepared = readFileSync(blob);
  await postject.inject(out, "NODE_SEA_BLOB", prepared, {
    sentinelFuse: SENTINEL_FUSE,
    ...(platform.os === "darwin" ? { machoSegmentName: "NODE_SEA" } : {}),
  });
  return prepared;
}
