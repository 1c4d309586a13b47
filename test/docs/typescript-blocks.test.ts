// Every TypeScript block in the user documentation (README.md, docs/**/*.md) type-checks as a user
// would copy it: one file per block in a project that installed the package (strict, `nodenext`,
// the settings the Install section gives), checked by the repository's own tsc. A block that is
// a fragment says so right above its fence (`<!-- docs-test: skip: <reason> -->`).
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TSCONFIG as EXPORT_TSCONFIG } from "../../cli/export/project-files";
import { makeProgramDir, repoRoot, type TempDir } from "../fixtures/engine";
import { limitFor } from "../fixtures/limits";
import { type CodeBlock, codeBlocks, docFiles } from "../fixtures/markdown";

const run = promisify(execFile);
/** tsc over a dozen files that load @pulumi/pulumi's typings: a build, as long as an install on a loaded machine. */
const TSC_LIMIT_MS = limitFor(0, 1);

/** The tsconfig the README asks for (the one an export writes), over every extracted block. */
const TSCONFIG = (() => {
  const { compilerOptions } = JSON.parse(EXPORT_TSCONFIG) as { compilerOptions: Record<string, unknown> };
  return { compilerOptions: { ...compilerOptions, noEmit: true }, include: ["*.ts", "*.mts"] };
})();

const isTypeScript = (block: CodeBlock) => block.lang === "ts" || block.lang === "typescript";
const blocks = docFiles().flatMap((file) => codeBlocks(file).filter(isTypeScript));
const checked = blocks.filter((b) => b.skip === undefined);

/**
 * The file a block is checked as: named after where it is shown; an ES module (`.mts`) when it
 * awaits at top level, as a script using the SDK does; `export {}` keeps each block's names its own.
 */
const fileName = (b: CodeBlock) =>
  `${b.file.replace(/[/.]/g, "_")}-L${b.line}.${/^\S.*\bawait\b/m.test(b.code) ? "mts" : "ts"}`;

/** Type-checks `sources` (file name → code) in a fresh project; answers tsc's diagnostics, "" when clean. */
async function typecheck(project: TempDir, sources: Record<string, string>): Promise<string> {
  for (const [name, code] of Object.entries(sources)) await writeFile(path.join(project.path, name), code);
  const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  return run(process.execPath, [tsc, "-p", project.path, "--pretty", "false"], {
    cwd: project.path,
    timeout: TSC_LIMIT_MS,
  }).then(
    () => "",
    (e: { stdout?: string; message: string }) => e.stdout || e.message,
  );
}

/** A project that resolves `pulumi-voice-platform` (and its subpaths) as one that installed it. */
const userProject = (): Promise<TempDir> =>
  makeProgramDir({
    "package.json": JSON.stringify({ name: "docs-blocks", private: true }),
    "tsconfig.json": JSON.stringify(TSCONFIG),
  });

describe("TypeScript in the documentation", () => {
  const projects: TempDir[] = [];
  let diagnostics = "";

  beforeAll(async () => {
    const project = await userProject();
    projects.push(project);
    diagnostics = await typecheck(
      project,
      Object.fromEntries(checked.map((b) => [fileName(b), `${b.code}\nexport {};\n`])),
    );
  }, TSC_LIMIT_MS);
  afterAll(async () => {
    for (const project of projects) await project.remove();
  });

  it("finds the blocks of the README and of each guide that shows TypeScript, and a skipped block gives its reason", () => {
    const files = new Set(checked.map((b) => b.file));
    for (const file of [
      "README.md",
      "docs/_index.md",
      "docs/resources.md",
      "docs/native-provider.md",
      "docs/emulator.md",
    ])
      expect([...files]).toContain(file);
    expect(checked.length).toBeGreaterThan(8);
    for (const b of blocks.filter((b) => b.skip !== undefined)) {
      expect(b.skip, `${b.file}:${b.line} is skipped without a reason`).toMatch(/\w{3,}/);
    }
  });

  it.each(checked.map((b) => [`${b.file}:${b.line}`, b] as const))("%s type-checks", (_where, block) => {
    const mine = diagnostics.split("\n").filter((line) => line.startsWith(fileName(block)));
    expect(mine, block.code).toEqual([]);
  });

  it(
    "tsc reports a mistake in a block",
    async () => {
      const project = await userProject();
      projects.push(project);
      const wrong = `import * as voice from "pulumi-voice-platform";\nnew voice.Bridge("b", { nmae: "x", slug: "b" });\n`;
      expect(await typecheck(project, { "wrong.ts": wrong })).toMatch(/wrong\.ts\(2,.*nmae/);
    },
    TSC_LIMIT_MS,
  );
});
