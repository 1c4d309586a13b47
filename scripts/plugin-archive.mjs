// Builds the plugin archives `dist/plugin/pulumi-resource-voice-v<version>-<os>-<arch>.tar.gz`, which
// `pulumi plugin install resource voice <version> --file <archive>` installs: each holds
// `pulumi-resource-voice` (`.exe` on Windows), a single executable that needs no Node.js on the user's
// machine, and its package.json. Beside them, `dist/plugin/provider.js` is the bundle itself (what
// `node provider.js` runs). See plugin-archive/build-archives.mjs.
//
//   node scripts/plugin-archive.mjs                          the host's platform
//   node scripts/plugin-archive.mjs --platform linux-arm64   one or more (repeat the flag)
//   node scripts/plugin-archive.mjs --all                    every platform (see platforms.mjs)
//
// Prints each archive's path on stdout, one a line, in the order asked; progress goes to stderr.
import { runArchiveBuild } from "./plugin-archive/build-archives.mjs";
import { PRODUCTS } from "./plugin-archive/products.mjs";

await runArchiveBuild(PRODUCTS.plugin, process.argv.slice(2));
