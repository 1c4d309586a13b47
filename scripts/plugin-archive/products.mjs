// The single executables a release ships, one archive per platform each: the provider plugin, which
// `pulumi plugin install` and `pluginDownloadURL` fetch, and the command line (`export`, `report`,
// `recover`, `emulator`) for users with no Node.js.
import { bundleCli, bundlePlugin } from "./bundle.mjs";

/**
 * @typedef {object} Product
 * @property {string} name The executable's name (`.exe` added on Windows), and its archives'
 *   `<name>-v<version>-<os>-<arch>.tar.gz`.
 * @property {string} out The folder of dist/ its archives are written to, beside the bundle.
 * @property {string} bundleFile The bundle's file name there.
 * @property {(root: string, outfile: string) => Promise<void>} bundle Writes the JavaScript it runs.
 * @property {string[]} execArgv The V8 flags it starts with.
 */

/** @type {Record<"plugin" | "cli", Product>} */
export const PRODUCTS = {
  plugin: {
    name: "pulumi-resource-voice",
    out: "plugin",
    bundleFile: "provider.js",
    bundle: bundlePlugin,
    // The launcher's V8 flag (bin/pulumi-resource-voice): a small young generation keeps the garbage
    // of a 10,000-number preview from growing the heap (peak ~300 MB with V8's default).
    execArgv: ["--max-semi-space-size=4"],
  },
  cli: {
    name: "pulumi-voice-platform",
    out: "command-line",
    bundleFile: "cli.js",
    bundle: bundleCli,
    execArgv: [],
  },
};
