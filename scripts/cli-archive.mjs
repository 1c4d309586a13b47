// Builds the command line's archives `dist/command-line/pulumi-voice-platform-v<version>-<os>-<arch>.tar.gz`:
// each holds `pulumi-voice-platform` (`.exe` on Windows), the package's command line (`export`, `report`,
// `recover`, `emulator`) as a single executable that needs no Node.js on the user's machine, and its
// package.json. Beside them, `dist/command-line/cli.js` is the bundle itself. Built the same way as the
// plugin's (plugin-archive/build-archives.mjs).
//
//   node scripts/cli-archive.mjs                          the host's platform
//   node scripts/cli-archive.mjs --platform linux-arm64   one or more (repeat the flag)
//   node scripts/cli-archive.mjs --all                    every platform (see plugin-archive/platforms.mjs)
//
// Prints each archive's path on stdout, one a line, in the order asked; progress goes to stderr.
import { runArchiveBuild } from "./plugin-archive/build-archives.mjs";
import { PRODUCTS } from "./plugin-archive/products.mjs";

await runArchiveBuild(PRODUCTS.cli, process.argv.slice(2));
