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
  const { url } = JSON.parse(await pulumi({ ...target, stack: undefined }, ["whoami", "--json"])) as {
    url?: string;
  };
  if (!url?.startsWith("file://")) return [];
  const stacks = path.join(fileURLToPath(url.split("?")[0] ?? url), ".pulumi", "stacks");
  const removed: string[] = [];
  for (const file of await listFiles(stacks)) {
    if (file.endsWith(".attrs") && (await stat(file)).size === 0) {
      await rm(file);
      removed.push(file);
    }
  }
  return removed;
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
