// Writes the package schema of the native provider (`voice`) to schema.json: `node dist/scripts/generate/gen-schema.js`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { packageRelease } from "../../provider/plugin/release";
import { packageSchema } from "../../provider/plugin/schema";
import { repoRoot } from "../tools/engine";

/** The schema file's path and text (what `pulumi package get-schema` answers, pretty-printed). */
export function schemaFile(): { path: string; text: string } {
  const release = packageRelease(JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")));
  return {
    path: path.join(repoRoot, "schema.json"),
    text: `${JSON.stringify(packageSchema(release), null, 2)}\n`,
  };
}

if (require.main === module) {
  const { path: file, text } = schemaFile();
  writeFileSync(file, text);
  console.log(file);
}
