// Every step the release, a test or CI runs by path is in the repository: checked statically, so a script
// deleted while something still calls it fails here, not on a fresh machine after minutes of building.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingScriptReferences, scriptReferences } from "../../../scripts/release/script-references";
import { makeTempDir, repoRoot, type TempDir } from "../../fixtures/engine";

describe("the paths and npm scripts that scripts call", () => {
  it("are all in this repository", () => {
    expect(missingScriptReferences(repoRoot)).toEqual([]);
  });

  it("include the release's steps, from TypeScript, shell, package.json and CI", () => {
    const named = (from: RegExp) =>
      scriptReferences(repoRoot)
        .filter((r) => from.test(r.from))
        .map((r) => r.target);
    expect(named(/^scripts\/release\//)).toEqual(
      expect.arrayContaining(["scripts/python-env", "scripts/plugin-archive.mjs", "sdks/python"]),
    );
    expect(named(/^package\.json scripts\.release$/)).toEqual([
      "scripts/build-if-stale.mjs",
      "dist/scripts/release/main.js",
    ]);
    expect(named(/^scripts\/gen-sdks:/)).toContain("scripts/pulumi-engine");
    expect(named(/^\.ci\/run:/)).toContain("npm run test");
    expect(named(/^\.github\/workflows\/release\.yml:/)).toContain("npm run release");
  });
});

describe("a repository whose scripts call what it does not have", () => {
  // Written through a variable, so that this file itself names no missing script.
  const S = "scripts";
  let dir: TempDir;
  beforeAll(async () => {
    dir = await makeTempDir("pulumi-voice-refs-");
    const write = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(dir.path, file)), { recursive: true });
      await writeFile(path.join(dir.path, file), text);
    };
    await write(
      "package.json",
      JSON.stringify({
        scripts: {
          build: "tsc",
          release: "node scripts/build-if-stale.mjs && node dist/scripts/release/main.js",
          demo: "npm run build && node dist/scripts/demo.js",
          check: "npm run lint",
        },
      }),
    );
    await write("scripts/build-if-stale.mjs", "// present\n");
    await write("scripts/release/main.ts", "export {};\n");
    // The call that broke the release on a fresh machine, as it was written.
    await write(
      "scripts/release/python-dists.ts",
      `import path from "node:path";\nexport const run = (root: string) =>\n  tool(path.join(root, "${S}", "python-deps"), []);\n`,
    );
    await write(`${S}/env`, `#!/usr/bin/env bash\nrepo=$(pwd)\n"$repo/${S}/helper" --quiet\n`);
    await write(".ci/run", "#!/usr/bin/env bash\nnpm ci\nnpm test\n");
    // A temporary root's entries are not the repository's: not reported.
    await write("test/tmp.test.ts", 'const f = path.join(root, "scratch", "file");\n');
  });
  afterAll(() => dir?.remove());

  it("are each reported with the file and line, or package.json script, that calls them", () => {
    expect(missingScriptReferences(dir.path)).toEqual([
      { from: "package.json scripts.demo", target: "dist/scripts/demo.js" },
      { from: "package.json scripts.check", target: "npm run lint" },
      { from: ".ci/run:3", target: "npm run test" },
      { from: `${S}/env:3`, target: `${S}/helper` },
      { from: "scripts/release/python-dists.ts:3", target: `${S}/python-deps` },
    ]);
  });
});
