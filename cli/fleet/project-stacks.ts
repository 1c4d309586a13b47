// A project folder's stacks, as the engine lists them in the backend the environment names
// (PULUMI_BACKEND_URL, or the project's own `backend.url`): `pulumi stack ls` through the Automation API.
import { access } from "node:fs/promises";
import path from "node:path";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";
import type { ProjectStacks } from "./selection";

let command: Promise<PulumiCommand> | undefined;

/** Lists the stacks of the Pulumi project in `dir`; throws when there is none. */
export async function listProjectStacks(dir: string): Promise<ProjectStacks> {
  const found = await Promise.any(
    ["Pulumi.yaml", "Pulumi.yml"].map((name) => access(path.join(dir, name)).then(() => name)),
  ).catch(() => undefined);
  if (!found) throw new Error(`no Pulumi.yaml in ${dir}`);
  command ??= PulumiCommand.get();
  const workspace = await LocalWorkspace.create({ workDir: dir, pulumiCommand: await command });
  const settings = await workspace.projectSettings();
  const stacks = await workspace.listStacks();
  // A backend may answer fully qualified names (organization/project/stack): the stack's own is the last part.
  return { project: settings.name, stacks: stacks.map((s) => s.name.split("/").pop() ?? s.name) };
}
