// What the plugin's process loads before it serves: the built plugin (dist/) required in a fresh
// Node.js, its loaded modules listed. Neither the whole of @pulumi/pulumi (the Automation API and the
// closure serializer with TypeScript, which a provider never uses) nor undici (loaded with the first
// client, at Configure) may come back into its start.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../fixtures/engine";

const run = promisify(execFile);

describe("the plugin's start", () => {
  it("loads neither @pulumi/pulumi's index nor undici", async () => {
    const main = path.join(repoRoot, "dist", "provider", "plugin", "main.js");
    const { stdout } = await run(process.execPath, [
      "-e",
      `require(${JSON.stringify(main)}); process.stdout.write(JSON.stringify(Object.keys(require.cache)))`,
    ]);
    const loaded = (JSON.parse(stdout) as string[]).map((f) => f.split(path.sep).join("/"));
    expect(loaded.some((f) => f.endsWith("/provider/plugin/main.js"))).toBe(true);
    expect(loaded.filter((f) => f.endsWith("/@pulumi/pulumi/index.js"))).toEqual([]);
    expect(loaded.filter((f) => f.includes("/node_modules/undici/"))).toEqual([]);
  });
});
