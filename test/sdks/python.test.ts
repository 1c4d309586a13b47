// The generated Python SDK (sdks/python), installed from a wheel into the Python environment beside the
// `pulumi` library from PyPI, and the example program (examples/python) type-checking against it with
// pyright in strict mode. test/e2e/languages/python.test.ts runs the example through the engine.
import { execFile } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, repoRoot, type TempDir } from "../fixtures/engine";
import { codeBlocks, docFiles } from "../fixtures/markdown";
import { PYTHON_ENV_TIMEOUT_MS, pythonEnv, pythonIn } from "../fixtures/python";

const run = promisify(execFile);
const CHECK_TIMEOUT_MS = 5 * 60_000;
const pyright = path.join(repoRoot, "node_modules", ".bin", "pyright");

/** Runs pyright on `dir` with the virtualenv's interpreter; resolves to its exit code and output. */
async function typeCheck(python: string, dir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(pyright, ["--pythonpath", python, dir], { maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, output: failed.stdout ?? String(error) };
  }
}

describe("the Python SDK", { timeout: CHECK_TIMEOUT_MS }, () => {
  let scratch: TempDir;
  let venv: string;
  let python: string;

  beforeAll(async () => {
    scratch = await makeTempDir("pulumi-voice-python-");
    venv = await pythonEnv();
    python = pythonIn(venv);
  }, PYTHON_ENV_TIMEOUT_MS);
  afterAll(() => scratch?.remove());

  it("holds the `pulumi` library at the version of the pinned @pulumi/pulumi", async () => {
    const pinned = JSON.parse(
      await readFile(path.join(repoRoot, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8"),
    ).version;
    const { stdout } = await run(python, [
      "-c",
      "import pulumi, importlib.metadata as m; print(m.version('pulumi'))",
    ]);
    expect(stdout.trim()).toBe(pinned);
  });

  it("installs into the virtualenv as pulumi_voice at the schema's version, from a wheel", async () => {
    const { stdout } = await run(python, ["-m", "pip", "show", "pulumi_voice"]);
    expect(stdout).toMatch(/^Version: 0\.1\.0$/m);
    // pip records where an install came from: a built wheel, not the source folder (nor an editable link).
    const { stdout: origin } = await run(python, [
      "-c",
      "import importlib.metadata as m; print(m.distribution('pulumi_voice').read_text('direct_url.json'))",
    ]);
    expect(JSON.parse(origin).url).toMatch(/^file:\/\/.*\/pulumi_voice-0\.1\.0-py3-none-any\.whl$/);
    // Every module of the installed package compiles.
    const { stdout: where } = await run(python, [
      "-c",
      "import importlib.util; print(importlib.util.find_spec('pulumi_voice').submodule_search_locations[0])",
    ]);
    expect(where.trim()).toContain(venv);
    await run(python, ["-m", "compileall", "-q", where.trim()]);
  });

  it("type-checks the example program (pyright, strict)", async () => {
    const result = await typeCheck(python, path.join(repoRoot, "examples", "python"));
    expect(result.output).toContain("0 errors");
    expect(result.code).toBe(0);
  });

  it("and reports a program that misuses it", async () => {
    const broken = path.join(scratch.path, "broken");
    await cp(path.join(repoRoot, "examples", "python"), broken, { recursive: true });
    await writeFile(
      path.join(broken, "__main__.py"),
      'import pulumi_voice as voice\n\nbridge = voice.Bridge("support", name="Support", slug=42)\nprint(bridge.slugg)\n',
    );
    const result = await typeCheck(python, broken);
    expect(result.code).not.toBe(0);
    // The mistyped slug and the misspelt output.
    expect(result.output).toMatch(/__main__\.py:3:\d+ - error: .* parameter "slug"/);
    expect(result.output).toMatch(/__main__\.py:4:\d+ - error: Cannot access attribute "slugg"/);
  });

  /** A copy of examples/python (strict pyright settings) whose program is `code`. */
  async function program(name: string, code: string): Promise<string> {
    const dir = path.join(scratch.path, name);
    await cp(path.join(repoRoot, "examples", "python"), dir, { recursive: true });
    await writeFile(path.join(dir, "__main__.py"), code);
    return dir;
  }

  it("type-checks every Python example of the documentation", async () => {
    const blocks = docFiles().flatMap((file) =>
      codeBlocks(file).filter((b) => b.lang === "python" && !b.skip),
    );
    expect(blocks.map((b) => b.file)).toEqual(
      expect.arrayContaining([
        "docs/_index.md",
        "docs/installation-configuration.md",
        "docs/native-provider.md",
      ]),
    );
    // One module per block, in one strict project: one pyright run for all of them.
    const dir = await program("docs", "");
    for (const [i, block] of blocks.entries()) {
      await writeFile(path.join(dir, `block_${i}.py`), block.code);
    }
    const result = await typeCheck(python, dir);
    expect(result.output).toContain("0 errors");
    expect(result.code).toBe(0);
  });

  it("reports a lookup's field misread: the answers are typed records", async () => {
    const code = [
      "import pulumi_voice as voice",
      "",
      "org = voice.get_organizations().items[0]",
      "print(org.domain_handel)",
      'print(voice.get_analytics().total_tasks + "1")',
      "",
    ].join("\n");
    const result = await typeCheck(python, await program("misread", code));
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/__main__\.py:4:\d+ - error: Cannot access attribute "domain_handel"/);
    expect(result.output).toMatch(/__main__\.py:5:\d+ - error: Operator "\+" not supported/);
  });
});
