// The voice provider plugin the engine would start for a project: the folder Pulumi.yaml's
// `plugins.providers` names for `voice` (a path relative to the project), else `pulumi-resource-voice`
// on PATH. A plugin the engine would take from its plugin cache is not looked for: such a stack's
// engine starts its own, as without a shared plugin.
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { projectFileText } from "../project-file";

/** The plugin's executable name, as the engine looks for it. */
export const PLUGIN_EXECUTABLE = "pulumi-resource-voice";

const executable = (file: string): Promise<boolean> =>
  access(file, constants.X_OK).then(
    () => true,
    () => false,
  );

/** The `voice` entry of the project's `plugins.providers`, resolved against `dir`; undefined when none. */
async function projectPlugin(dir: string): Promise<string | undefined> {
  const text = await projectFileText(dir);
  if (text === undefined) return undefined;
  const project: unknown = parse(text);
  const providers = (project as { plugins?: { providers?: unknown } } | null)?.plugins?.providers;
  if (!Array.isArray(providers)) return undefined;
  const entry = providers.find(
    (p): p is { path: string } =>
      typeof p === "object" && p !== null && p.name === "voice" && typeof p.path === "string",
  );
  if (!entry) return undefined;
  const where = path.resolve(dir, entry.path);
  const isDir = await stat(where).then(
    (s) => s.isDirectory(),
    () => false,
  );
  return isDir ? path.join(where, PLUGIN_EXECUTABLE) : where;
}

/** The plugin's executable for the project in `dir`, or undefined when the engine would find it elsewhere. */
export async function pluginExecutable(
  dir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const declared = await projectPlugin(dir);
  if (declared !== undefined) return (await executable(declared)) ? declared : undefined;
  for (const folder of (env.PATH ?? "").split(path.delimiter)) {
    if (folder === "") continue;
    const file = path.join(folder, PLUGIN_EXECUTABLE);
    if (await executable(file)) return file;
  }
  return undefined;
}
