// What each caller of scripts/tools/pulumi-engine asks it to build, seen through the script's dry run
// (PULUMI_VOICE_ENGINE_DRY_RUN=1) against an empty engine cache: the demo and the README's quickstart
// the core only, `npm test` every piece, `gen-sdks` the SDK generators, a test the language host it
// names. Nothing is built: each run takes about a second.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineEnv, makeTempDir, repoRoot, type TempDir } from "../../fixtures/engine";
import { codeBlocks } from "../../fixtures/markdown";
import { childEnv } from "../../fixtures/user-project";

const run = promisify(execFile);
const pin: string = JSON.parse(
  readFileSync(path.join(repoRoot, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8"),
).version;

/** The dry run's verdict in a command's output: the pieces it would build, or undefined when none. */
const wouldBuild = (output: string): string[] | undefined =>
  /pulumi-engine: dry run: would build (.*) into /.exec(output)?.[1]?.split(" ");

describe("scripts/tools/pulumi-engine builds what its caller asks for", () => {
  let cache: TempDir;
  let env: NodeJS.ProcessEnv;
  const saved = { ...process.env };

  /** Runs `command` in `cwd` with the dry run's environment; answers its exit code and all it printed. */
  const dryRun = (command: string, args: string[], cwd = repoRoot) =>
    run(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({
        code: e.code ?? -1,
        output: `${e.stdout ?? ""}${e.stderr ?? ""}`,
      }),
    );

  beforeAll(async () => {
    cache = await makeTempDir("pulumi-voice-engine-cache-");
    // No `pulumi` of the pinned version may stand in for the cache (the script's first choice).
    const PATH = (childEnv().PATH ?? "")
      .split(path.delimiter)
      .filter((dir) => !existsSync(path.join(dir, "pulumi")))
      .join(path.delimiter);
    env = { ...childEnv(), PATH, PULUMI_VOICE_ENGINE_CACHE: cache.path, PULUMI_VOICE_ENGINE_DRY_RUN: "1" };
    // For engineEnv(), which runs the script with this process's environment.
    Object.assign(process.env, {
      PULUMI_VOICE_ENGINE_CACHE: cache.path,
      PULUMI_VOICE_ENGINE_DRY_RUN: "1",
      PATH,
    });
  });
  afterAll(async () => {
    process.env = saved;
    await cache?.remove();
  });

  it("with no piece named, the core only; the dry run exits 3 and builds nothing", async () => {
    const { code, output } = await dryRun(path.join(repoRoot, "scripts", "tools", "pulumi-engine"), []);
    expect(wouldBuild(output)).toEqual(["core"]);
    expect(output).toContain(`into ${path.join(cache.path, `v${pin}`, "bin")}`);
    expect(code).toBe(3);
    expect(existsSync(path.join(cache.path, `v${pin}`, "bin", "pulumi"))).toBe(false);
  });

  it("--help prints the usage and builds nothing", async () => {
    const help = await dryRun(path.join(repoRoot, "scripts", "tools", "pulumi-engine"), ["--help"]);
    expect(help.code).toBe(0);
    expect(help.output).toMatch(/^Makes the Pulumi engine available without the internet/);
    expect(help.output).toContain("Pieces: core");
    expect(help.output).not.toMatch(/^#|set -euo/m);
    expect(wouldBuild(help.output)).toBeUndefined();
  });

  it("`all` means every piece; an unknown piece fails naming the pieces", async () => {
    const all = await dryRun(path.join(repoRoot, "scripts", "tools", "pulumi-engine"), ["all"]);
    expect(wouldBuild(all.output)).toEqual(["core", "yaml", "go", "python", "sdkgen", "java"]);
    const unknown = await dryRun(path.join(repoRoot, "scripts", "tools", "pulumi-engine"), ["nodejs"]);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain(
      'unknown piece "nodejs": the pieces are core yaml go python sdkgen java (or all)',
    );
  });

  it("`npm run demo`: the core only (the CLI and the Node.js language host)", async () => {
    const { code, output } = await dryRun(process.execPath, [
      path.join(repoRoot, "dist", "scripts", "dev", "demo.js"),
    ]);
    expect(output).toContain("demo failed: scripts/tools/pulumi-engine failed");
    expect(wouldBuild(output)).toEqual(["core"]);
    expect(code).toBe(1);
  });

  it("the README's quickstart: the core only", async () => {
    const [call] = codeBlocks("README.md")
      .filter((b) => b.lang === "sh")
      .flatMap((b) =>
        [...b.code.matchAll(/\$\((\.\.\/\.\.\/scripts\/tools\/pulumi-engine[^)]*)\)/g)].map((m) => m[1]!),
      );
    expect(call).toBeDefined();
    // Run from examples/quickstart, where the README runs it.
    const { output } = await dryRun("sh", ["-c", call!], path.join(repoRoot, "examples", "quickstart"));
    expect(wouldBuild(output)).toEqual(["core"]);
  });

  it("`npm test`: every piece, before the tests start", async () => {
    const script: string = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).scripts.test;
    const call = /scripts\/tools\/pulumi-engine[^&|>]*/.exec(script)?.[0];
    expect(call).toBeDefined();
    const { output } = await dryRun("sh", ["-c", call!]);
    expect(wouldBuild(output)).toEqual(["core", "yaml", "go", "python", "sdkgen", "java"]);
  });

  it("`npm run gen-sdks`: the core and the two SDK generators", async () => {
    const out = await makeTempDir("pulumi-voice-gen-sdks-");
    try {
      const { code, output } = await dryRun(path.join(repoRoot, "scripts", "generate", "gen-sdks"), [
        out.path,
      ]);
      expect(wouldBuild(output)).toEqual(["core", "sdkgen", "java"]);
      expect(code).not.toBe(0);
    } finally {
      await out.remove();
    }
  });

  it("a test's engine: the core and the language host it names, in one run of the script", async () => {
    await expect(engineEnv("go")).rejects.toThrow(/dry run: would build core go into /);
  });
});
