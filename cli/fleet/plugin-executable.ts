// The voice provider plugin a fleet lane shares for a project: the one the engine would start for it.
// The folder Pulumi.yaml's `plugins.providers` names for `voice` (a path relative to the project), else,
// for a program not in JavaScript, `pulumi-resource-voice` on PATH. A JavaScript program may run the
// dynamic provider, which has no plugin (`pulumi-resource-voice` is on PATH wherever the package is
// installed), so only a declared plugin says it runs the native one. A plugin the engine would take
// from its plugin cache is not looked for: such a stack's engine starts its own, as with a plugin per
// stack.
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import path from "node:path";
import { type ProjectFile, readProjectFile } from "../project-file";

/** The plugin's executable name, as the engine looks for it. */
export const PLUGIN_EXECUTABLE = "pulumi-resource-voice";

const executable = (file: string): Promise<boolean> =>
  access(file, constants.X_OK).then(
    () => true,
    () => false,
  );

/** The `voice` entry of the project's `plugins.providers`, resolved against `dir`; undefined when none. */
async function projectPlugin(dir: string, project: ProjectFile | undefined): Promise<string | undefined> {
  const providers = project?.plugins?.providers;
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

/** The plugin's executable to share for the project in `dir`, or undefined when none is known to serve it. */
export async function pluginExecutable(
  dir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const project = await readProjectFile(dir);
  const declared = await projectPlugin(dir, project);
  if (declared !== undefined) return (await executable(declared)) ? declared : undefined;
  const runtime = typeof project?.runtime === "string" ? project.runtime : project?.runtime?.name;
  if (runtime === "nodejs") return undefined;
  for (const folder of (env.PATH ?? "").split(path.delimiter)) {
    if (folder === "") continue;
    const file = path.join(folder, PLUGIN_EXECUTABLE);
    if (await executable(file)) return file;
  }
  return undefined;
}
