// The platforms a plugin archive is built for, in Pulumi's names (`<os>-<arch>`, as archives are named),
// with the npm package that serves the official Node.js binary for each.

/**
 * @typedef {object} Platform
 * @property {string} name Pulumi's `<os>-<arch>`, e.g. `linux-amd64`.
 * @property {"linux" | "darwin" | "windows"} os
 * @property {"amd64" | "arm64"} arch
 * @property {string} nodePackage The npm package holding that platform's Node.js binary.
 * @property {string} nodeBinary The binary's path inside that package.
 * @property {string} executable The plugin's file name in the archive.
 */

/** @param {"linux" | "darwin" | "windows"} os @param {"amd64" | "arm64"} arch @returns {Platform} */
const platform = (os, arch) => {
  const nodeOs = { linux: "linux", darwin: "darwin", windows: "win" }[os];
  const nodeArch = { amd64: "x64", arm64: "arm64" }[arch];
  return {
    name: `${os}-${arch}`,
    os,
    arch,
    nodePackage: `node-${nodeOs}-${nodeArch}`,
    nodeBinary: os === "windows" ? "bin/node.exe" : "bin/node",
    executable: os === "windows" ? "pulumi-resource-voice.exe" : "pulumi-resource-voice",
  };
};

/** Every platform `--all` builds (skipping, with a word on stderr, those whose Node.js is not served). */
export const PLATFORMS = [
  platform("linux", "amd64"),
  platform("linux", "arm64"),
  platform("darwin", "amd64"),
  platform("darwin", "arm64"),
  platform("windows", "amd64"),
  platform("windows", "arm64"),
];

/** The platform named `name`, or an error listing the names there are. */
export function platformNamed(name) {
  const found = PLATFORMS.find((p) => p.name === name);
  if (!found)
    throw new Error(
      `--platform ${name}: not a platform this builds (one of ${PLATFORMS.map((p) => p.name).join(", ")})`,
    );
  return found;
}

/** The host's platform, in Pulumi's names. */
export function hostPlatform() {
  const os = { linux: "linux", darwin: "darwin", win32: "windows" }[process.platform];
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch];
  if (!os || !arch) throw new Error(`no plugin archive for the host (${process.platform}-${process.arch})`);
  return platformNamed(`${os}-${arch}`);
}
