import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type PulumiTarget, pulumi } from "./pulumi";

/**
 * Removes the zero-byte `<stack>.json.attrs` files a killed `pulumi up` can leave in a file
 * backend: the engine then fails every `export`, `refresh` and `cancel` with "failed to load
 * checkpoint: EOF". The file holds only blob metadata (content type, checksum), so removing an
 * empty one loses nothing. Answers the files removed.
 */
export async function repairCheckpointAttrs(target: PulumiTarget): Promise<string[]> {
  const backend = await fileBackendDir(target);
  if (backend === undefined) return [];
  const stacks = path.join(backend, ".pulumi", "stacks");
  const removed: string[] = [];
  for (const file of await listFiles(stacks)) {
    if (file.endsWith(".attrs") && (await stat(file)).size === 0) {
      await rm(file);
      removed.push(file);
    }
  }
  return removed;
}

/** The folder of a file backend (`file://…`), or `undefined` for any other backend. */
async function fileBackendDir(target: PulumiTarget): Promise<string | undefined> {
  const { url } = JSON.parse(await pulumi({ ...target, stack: undefined }, ["whoami", "--json"])) as {
    url?: string;
  };
  return url?.startsWith("file://") ? fileURLToPath(url.split("?")[0] ?? url) : undefined;
}

/**
 * Removes the locks of stack `stack` of `project` from a file backend: after its state file is lost,
 * the backend knows no such stack, so `pulumi cancel` cannot remove the lock a killed run left, and
 * the lock stops the stack from being started again. Answers the files removed (none elsewhere).
 */
export async function removeLostStackLocks(
  target: PulumiTarget,
  project: string,
  stack: string,
): Promise<string[]> {
  const backend = await fileBackendDir(target);
  if (backend === undefined) return [];
  const dir = path.join(backend, ".pulumi", "locks", "organization", project, stack);
  const locks = (await listFiles(dir)).filter((f) => f.endsWith(".json"));
  for (const file of locks) await rm(file);
  return locks;
}

async function listFiles(dir: string): Promise<string[]> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}
