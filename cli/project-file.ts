// A Pulumi project's file, as the engine finds it: `Pulumi.yaml`, else `Pulumi.yml`.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";

/** What the command line reads of a project file: its name, runtime and plugins. */
export interface ProjectFile {
  name?: unknown;
  runtime?: string | { name?: string };
  plugins?: { providers?: unknown };
}

/** The text of the project file in `dir`, or undefined when there is none. */
async function projectFileText(dir: string): Promise<string | undefined> {
  for (const name of ["Pulumi.yaml", "Pulumi.yml"]) {
    const text = await readFile(path.join(dir, name), "utf8").catch(() => undefined);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The project file in `dir`, parsed; undefined when there is none (a file that is not YAML throws). */
export async function readProjectFile(dir: string): Promise<ProjectFile | undefined> {
  const text = await projectFileText(dir);
  return text === undefined ? undefined : ((parse(text) as ProjectFile | null) ?? undefined);
}
