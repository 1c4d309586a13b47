// The compiler writes files without the execute bit, and `npm pack` ships files with the mode they
// have on disk: without this step `npx pulumi-voice-platform` in a checkout answers "Permission
// denied" after a rebuild, and the tarball's command-line entry is not executable.
import { chmodSync, existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { bin } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
for (const target of Object.values(bin ?? {})) {
  const file = join(root, target);
  if (!existsSync(file)) throw new Error(`package.json's bin names ${target}, which the build did not write`);
  chmodSync(file, 0o755);
}
