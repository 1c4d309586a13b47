// A project folder's stacks, as the engine lists them in the backend the environment names
// (PULUMI_BACKEND_URL, or the project's own `backend.url`): `pulumi stack ls` through the Automation API.
import { access } from "node:fs/promises";
import path from "node:path";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";
import type { ProjectStacks } from "./selection";

let command: Promise<PulumiCommand> | undefined;

/**
 * The engine 3.259 reads a self-managed backend's stacks 10 at a time (PULUMI_DIY_BACKEND_PARALLEL), and
 * its PostgreSQL backend lists with a connection held while asking its pool (2 × GOMAXPROCS connections)
 * for another: at 10 at a time on a 2-core runner, `pulumi stack ls` waits for ever once a project holds
 * 4 stacks or more. One at a time needs two connections, which every pool has; unless the user chose.
 */
export function listingEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return env.PULUMI_DIY_BACKEND_PARALLEL ? {} : { PULUMI_DIY_BACKEND_PARALLEL: "1" };
}

/** Lists the stacks of the Pulumi project in `dir`; throws when there is none. */
export async function listProjectStacks(dir: string): Promise<ProjectStacks> {
  const found = await Promise.any(
    ["Pulumi.yaml", "Pulumi.yml"].map((name) => access(path.join(dir, name)).then(() => name)),
  ).catch(() => undefined);
  if (!found) throw new Error(`no Pulumi.yaml in ${dir}`);
  command ??= PulumiCommand.get();
  const workspace = await LocalWorkspace.create({
    workDir: dir,
    pulumiCommand: await command,
    envVars: listingEnv(process.env),
  });
  const settings = await workspace.projectSettings();
  const stacks = await workspace.listStacks();
  // A backend may answer fully qualified names (organization/project/stack): the stack's own is the last part.
  return { project: settings.name, stacks: stacks.map((s) => s.name.split("/").pop() ?? s.name) };
}
