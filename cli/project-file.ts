// A Pulumi project's file, as the engine finds it: `Pulumi.yaml`, else `Pulumi.yml`.
import { readFile } from "node:fs/promises";
import path from "node:path";

/** The text of the project file in `dir`, or undefined when there is none. */
export async function projectFileText(dir: string): Promise<string | undefined> {
  for (const name of ["Pulumi.yaml", "Pulumi.yml"]) {
    const text = await readFile(path.join(dir, name), "utf8").catch(() => undefined);
    if (text !== undefined) return text;
  }
  return undefined;
}
