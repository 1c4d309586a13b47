// Following the documentation leaves the checkout clean: the per-stack config files that its
// `pulumi stack init` steps create (`Pulumi.<stack>.yaml` beside the program they run) are ignored
// by git, and no file the repository tracks is.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../fixtures/engine";
import { readDoc } from "../fixtures/markdown";

const run = promisify(execFile);
const stacksInitialized = (text: string) =>
  [...text.matchAll(/pulumi stack init ([\w-]+)/g)].map((m) => m[1]!);

/** Each folder a documented `pulumi stack init` runs in, with the stacks it creates there. */
function documentedStacks(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const readme = readDoc("README.md");
  // The README's Quickstart runs in examples/quickstart, or at the root (its Pulumi.yaml runs the same program).
  const quickstart = readme.slice(readme.indexOf("\n## Quickstart"), readme.indexOf("\n## Features"));
  for (const folder of [".", "examples/quickstart"]) found.set(folder, stacksInitialized(quickstart));
  for (const folder of [
    "examples/quickstart",
    "examples/yaml",
    "examples/staging-prod",
    "examples/go",
    "examples/python",
    "examples/java",
  ]) {
    const guide = path.join(folder, "README.md");
    if (existsSync(path.join(repoRoot, guide)))
      found.set(folder, [...(found.get(folder) ?? []), ...stacksInitialized(readDoc(guide))]);
  }
  return found;
}

/** Which of `files` git's ignore rules match, tracked or not (`--no-index`). */
async function ignored(files: string[]): Promise<string[]> {
  const { stdout } = await run(
    "git",
    ["check-ignore", "--no-index", "--verbose", "--non-matching", ...files],
    {
      cwd: repoRoot,
    },
  ).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
  return stdout
    .split("\n")
    .filter((line) => line && !line.startsWith("::"))
    .map((line) => line.split("\t")[1]!);
}

describe("files the documented steps leave behind", () => {
  it("the stack config files of the documented stack init steps are ignored", async () => {
    const created = [
      ...new Set(
        [...documentedStacks()].flatMap(([folder, stacks]) =>
          stacks.map((stack) => path.join(folder, `Pulumi.${stack}.yaml`)),
        ),
      ),
    ];
    expect(created).toEqual(
      expect.arrayContaining(["Pulumi.dev.yaml", "examples/quickstart/Pulumi.dev.yaml"]),
    );
    const { stdout } = await run("git", ["ls-files", "--", ...created], { cwd: repoRoot });
    const untracked = created.filter((f) => !stdout.split("\n").includes(f));
    expect(await ignored(untracked)).toEqual(untracked);
  });

  it("no tracked file under examples/ or at the root is ignored", async () => {
    const { stdout } = await run("git", ["ls-files", "examples", "Pulumi.yaml"], { cwd: repoRoot });
    const tracked = stdout.split("\n").filter(Boolean);
    expect(tracked).toContain("examples/staging-prod/Pulumi.prod.yaml");
    expect(await ignored(tracked)).toEqual([]);
  });
});
