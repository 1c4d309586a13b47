import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { VoiceContext } from "../provider/context";
import { descriptorOfToken } from "../provider/resources/registry";
import { repairCheckpointAttrs } from "./checkpoint-attrs";
import { type Deployment, pendingCreates, settlePendingCreates } from "./pending-creates";
import { type PulumiTarget, pulumi } from "./pulumi";

/** Usage of `pulumi-voice-platform recover`. */
export const RECOVER_USAGE = `Usage: pulumi-voice-platform recover [--cancel] [--stack <name>] [--cwd <project dir>] [--dry-run]

After an interrupted \`pulumi up\` (Ctrl-C twice, a cancelled CI job, a killed runner): removes an
empty checkpoint attributes file the kill may have left, finds each interrupted create of this
package's resources on the platform by its natural key and records it in the stack, so that the
next \`pulumi up --refresh\` neither duplicates nor orphans anything.

  --cancel   the interrupted update is over: remove its lock (\`pulumi cancel\`) if it still holds
             one. Only when no other update of this stack is running.
  --dry-run  report what would be recorded; change nothing`;

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
  const exported = JSON.parse(await pulumi(target, ["stack", "export"])) as StackExport;
  const pending = pendingCreates(exported.deployment);
  const others = (exported.deployment.pending_operations ?? []).length - pending.length;
  const found = new Map<string, string>();
  if (pending.length > 0) {
    const client = await new VoiceContext(await stackConfig(target)).ready();
    for (const resource of pending) {
      const key = descriptorOfToken(resource.type)?.key;
      const id = await key?.idOf(client, resource.inputs ?? {});
      say(`${id === undefined ? "not created" : `found ${id}`}: ${resource.urn}`);
      if (id !== undefined) found.set(resource.urn, id);
    }
  }
  say(
    `${found.size} interrupted create(s) found on the platform and recorded, ${pending.length - found.size} never made, ` +
      `${others} other pending operation(s) left to the refresh`,
  );
  if (values["dry-run"]) {
    say("dry run: the stack was not changed");
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), "pulumi-voice-recover-"));
  try {
    const file = path.join(dir, "stack.json");
    await writeFile(
      file,
      JSON.stringify({ ...exported, deployment: settlePendingCreates(exported.deployment, found) }),
    );
    await importUnlocked(target, file, values.cancel === true, say);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  say("next: `pulumi up --refresh --yes` reads what exists and creates the rest");
}

/** `pulumi stack import`, after removing the interrupted update's lock when the user said it is over. */
async function importUnlocked(
  target: PulumiTarget,
  file: string,
  cancel: boolean,
  say: (line: string) => void,
): Promise<void> {
  try {
    await pulumi(target, ["stack", "import", "--file", file]);
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
  await pulumi(target, ["stack", "import", "--file", file]);
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
