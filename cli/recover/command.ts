import path from "node:path";
import { parseArgs } from "node:util";
import { contextFor } from "../../provider/connection/context-cache";
import { descriptorOfToken } from "../../provider/resources/registry";
import type { VoiceClient } from "../../sdk";
import { readProjectFile } from "../project-file";
import { removeLostStackLocks, repairCheckpointAttrs } from "./checkpoint-attrs";
import { type Deployment, pendingCreates, settlePendingCreates } from "./pending-creates";
import { type PulumiTarget, pulumi } from "./pulumi";
import { rebuildFromProgram } from "./rebuild";
import { rereadSets } from "./reread-sets";

/** Usage of `pulumi-voice-platform recover`. */
export const RECOVER_USAGE = `Usage: pulumi-voice-platform recover [--cancel] [--from-program] [--stack <name>] [--cwd <project dir>] [--dry-run]

After an interrupted \`pulumi up\` (Ctrl-C twice, a cancelled CI job, a killed runner): removes an
empty checkpoint attributes file the kill may have left, finds each interrupted create of this
package's resources on the platform by its natural key and records it in the stack, so that the
next \`pulumi up --refresh\` neither duplicates nor orphans anything.

  --cancel        the interrupted update is over: remove its lock (\`pulumi cancel\`) if it still
                  holds one. Only when no other update of this stack is running.
  --from-program  the run left no record of its creates (PULUMI_SKIP_CHECKPOINTS=true, on by default
                  when set), or the state file was lost: preview the program, look each planned
                  create up by its natural key and record the found-and-equal ones (a number set
                  cut off part-way as the platform has it), in rounds until nothing new is found,
                  then read the stack's number sets again. Found but different ones are reported,
                  not recorded.
  --dry-run       report what would be recorded; change nothing`;

interface StackExport {
  version: number;
  deployment: Deployment;
}

/** Runs `recover` with its arguments. */
export async function runRecover(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      stack: { type: "string" },
      cwd: { type: "string" },
      "dry-run": { type: "boolean" },
      cancel: { type: "boolean" },
      "from-program": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${RECOVER_USAGE}\n`);
    return;
  }
  const target: PulumiTarget = { cwd: path.resolve(values.cwd ?? "."), stack: values.stack };
  const say = (line: string) => process.stdout.write(`${line}\n`);

  for (const file of await repairCheckpointAttrs(target))
    say(`removed an empty checkpoint attributes file: ${file}`);
  const fromProgram = values["from-program"] ?? skipsCheckpoints(process.env.PULUMI_SKIP_CHECKPOINTS);
  const dryRun = values["dry-run"] === true;
  const exported = JSON.parse(
    await exportOrInit(target, fromProgram && !dryRun, values.cancel === true, say),
  ) as StackExport;
  const pending = pendingCreates(exported.deployment);
  const others = (exported.deployment.pending_operations ?? []).length - pending.length;
  const found = new Map<string, string>();
  // The provider's own code reads and diffs what recover finds, so it gets the stack's settings.
  let connected: Promise<VoiceClient> | undefined;
  const client = () => (connected ??= stackConfig(target).then((lookup) => contextFor(lookup).ready()));
  if (pending.length > 0) {
    for (const resource of pending) {
      const key = descriptorOfToken(resource.type)?.key;
      const id = await key?.idOf(await client(), resource.inputs ?? {});
      say(`${id === undefined ? "not created" : `found ${id}`}: ${resource.urn}`);
      if (id !== undefined) found.set(resource.urn, id);
    }
  }
  say(
    `${found.size} interrupted create(s) found on the platform and recorded, ${pending.length - found.size} never made, ` +
      `${others} other pending operation(s) left to the refresh`,
  );
  if (dryRun) {
    if (fromProgram) await rebuildFromProgram(target, await client(), say, undefined);
    say("dry run: the stack was not changed (rounds after the first depend on what the first records)");
    return;
  }
  const deployment = settlePendingCreates(exported.deployment, found);
  await importUnlocked(target, { ...exported, deployment }, values.cancel === true, say);
  if (fromProgram) {
    const write = (next: Deployment) => importUnlocked(target, { ...exported, deployment: next }, false, say);
    const rebuilt = await rebuildFromProgram(target, await client(), say, write);
    const reread = await rereadSets(target);
    if (reread > 0)
      say(
        `read ${reread} number set(s) of the stack again: the interrupted run may have linked numbers to them`,
      );
    say(
      `${rebuilt.recorded} resource(s) the program plans found on the platform and recorded in ${rebuilt.rounds} round(s)` +
        (rebuilt.different.length > 0
          ? `; ${rebuilt.different.length} found with other values, left out: declare the live values, or take them over with \`adopt\``
          : ""),
    );
  }
  say("next: `pulumi up --refresh --yes` reads what exists and creates the rest");
}

/**
 * The stack's export. When its state file is gone the backend knows no such stack: rebuilding from
 * the program starts it again, empty, under the same name (its configuration, secrets key included,
 * is still in the project's stack file). `cancel`: the lock a killed run left may be removed.
 */
async function exportOrInit(
  target: PulumiTarget,
  rebuild: boolean,
  cancel: boolean,
  say: (line: string) => void,
): Promise<string> {
  const stack = target.stack;
  try {
    return await pulumi(target, ["stack", "export"]);
  } catch (err) {
    if (!rebuild || !/no stack named/.test(String(err))) throw err;
    if (stack === undefined) throw new Error(`${String(err)}; name the stack to rebuild with --stack`);
  }
  const init = () => pulumi({ ...target, stack: undefined }, ["stack", "init", stack]);
  await init().catch(async (err: unknown) => {
    if (!/currently locked/.test(String(err))) throw err;
    if (!cancel) {
      throw new Error(
        "the lost stack is still locked by the interrupted update. When no other update of this stack is running, " +
          "run `pulumi-voice-platform recover --cancel` to remove the lock and recover",
      );
    }
    const project = await projectName(target.cwd);
    const removed = project ? await removeLostStackLocks(target, project, stack) : [];
    if (removed.length === 0) throw err;
    say(`removed the interrupted update's lock of the lost stack: ${removed.join(", ")}`);
    await init();
  });
  say(`the stack's state was gone: started stack ${stack} again, empty, to rebuild it from the program`);
  return pulumi(target, ["stack", "export"]);
}

/** The project's name, from its `Pulumi.yaml`. */
async function projectName(cwd: string): Promise<string | undefined> {
  const name = (await readProjectFile(cwd).catch(() => undefined))?.name;
  return name === undefined || name === null || name === "" ? undefined : String(name);
}

/** Whether an engine setting of PULUMI_SKIP_CHECKPOINTS turns checkpoints off (the engine reads 1/true). */
function skipsCheckpoints(value: string | undefined): boolean {
  return value !== undefined && /^(1|true)$/i.test(value.trim());
}

/**
 * `pulumi stack import` of `stack` (written to its standard input, so no copy of it lands on disk),
 * after removing the interrupted update's lock when the user said it is over.
 */
async function importUnlocked(
  target: PulumiTarget,
  stack: StackExport,
  cancel: boolean,
  say: (line: string) => void,
): Promise<void> {
  const input = JSON.stringify(stack);
  try {
    await pulumi(target, ["stack", "import"], { input });
    return;
  } catch (err) {
    if (!/currently locked/.test(String(err))) throw err;
    if (!cancel) {
      throw new Error(
        "the stack is still locked by the interrupted update. When no other update of this stack is running, " +
          "run `pulumi-voice-platform recover --cancel` to remove the lock and recover",
      );
    }
  }
  await pulumi(target, ["cancel", "--yes"]);
  say("removed the interrupted update's lock (pulumi cancel)");
  await pulumi(target, ["stack", "import"], { input });
}

/** The stack's configuration, secrets decrypted, as a lookup for the provider's settings. */
async function stackConfig(target: PulumiTarget): Promise<(key: string) => string | undefined> {
  const config = JSON.parse(await pulumi(target, ["config", "--json", "--show-secrets"])) as Record<
    string,
    { value?: unknown }
  >;
  return (key) => {
    const value = config[key]?.value;
    return typeof value === "string" ? value : undefined;
  };
}
