// The real Pulumi engine for tests, the demo and the benchmarks: scripts/tools/pulumi-engine provides (building it on first use) a directory
// with `pulumi`, `pulumi-language-nodejs` and `pulumi-resource-pulumi-nodejs`, and the other language hosts a
// caller asks for; this module wires it into an offline environment (local file backend, no update checks,
// no plugin downloads).
import { execFile } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PulumiCommand } from "@pulumi/pulumi/automation";

/** The repository (or installed package) root: the nearest folder above whose package.json is ours. */
export const repoRoot = ((): string => {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      if (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).name === "pulumi-voice-platform")
        return dir;
    } catch {
      // no package.json here: keep walking up
    }
  }
  throw new Error(`no pulumi-voice-platform package.json above ${__dirname}`);
})();

// A cold build of the engine takes minutes (see scripts/tools/pulumi-engine).
export const ENGINE_BUILD_TIMEOUT_MS = 30 * 60_000;

/** What scripts/tools/pulumi-engine builds beside the CLI and the Node.js language host, on request only. */
export type EnginePiece = "yaml" | "go" | "python" | "sdkgen" | "java";

interface Engine {
  binDir: string;
  env: Record<string, string>;
}

let engine: Promise<Engine> | undefined;

/**
 * Where temporary stacks and programs go: `PULUMI_VOICE_TMPDIR` when a runner owns one folder for its
 * whole run (the test setup does, and removes it at the end, also after workers were killed), else the OS's.
 */
const scratchDir = (): string => process.env.PULUMI_VOICE_TMPDIR ?? tmpdir();

function runEngineScript(pieces: EnginePiece[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      path.join(repoRoot, "scripts", "tools", "pulumi-engine"),
      pieces,
      { cwd: repoRoot, timeout: ENGINE_BUILD_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`scripts/tools/pulumi-engine failed: ${error.message}\n${stderr}`));
          return;
        }
        const binDir = stdout.trim().split("\n").pop() ?? "";
        if (!path.isAbsolute(binDir)) {
          reject(new Error(`scripts/tools/pulumi-engine printed no bin directory:\n${stdout}\n${stderr}`));
          return;
        }
        resolve(binDir);
      },
    );
    // Show the build's progress as it happens: a cold build is long.
    child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  });
}

async function start(pieces: EnginePiece[]): Promise<Engine> {
  const binDir = await runEngineScript(pieces);
  const root = await mkdtemp(path.join(scratchDir(), "pulumi-voice-engine-"));
  process.on("exit", () => rmSync(root, { recursive: true, force: true }));
  const home = path.join(root, "home");
  const state = path.join(root, "state");
  await mkdir(home);
  await mkdir(state);
  const env: Record<string, string> = {
    // node_modules/.bin holds Node 24, which the language host and the dynamic-provider host run.
    PATH: [binDir, path.join(repoRoot, "node_modules", ".bin"), process.env.PATH ?? ""].join(path.delimiter),
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${state}`,
    PULUMI_CONFIG_PASSPHRASE: "test-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
  return { binDir, env };
}

/** Each piece asked for in this process: settled once the bin directory holds it. */
const asked = new Map<EnginePiece, Promise<unknown>>();

/** The engine with the core and `pieces`; the script runs once per process and once per piece added later. */
function getEngine(pieces: EnginePiece[] = []): Promise<Engine> {
  const missing = [...new Set(pieces)].filter((piece) => !asked.has(piece));
  const current = engine;
  if (!current) {
    // The first call builds what it needs in one run of the script.
    const started = start(missing);
    engine = started;
    for (const piece of missing) asked.set(piece, started);
    return started;
  }
  if (missing.length > 0) {
    const ready = current.then(() => runEngineScript(missing));
    for (const piece of missing) asked.set(piece, ready);
  }
  return Promise.all([current, ...pieces.map((piece) => asked.get(piece))]).then(() => current);
}

/**
 * The flags scripts/tools/pulumi-engine builds Go with: a Go program built with them finds the SDK's
 * packages already compiled in the Go build cache, and a cold machine compiles them once.
 */
export const GO_BUILD_ENV = { CGO_ENABLED: "0", GOFLAGS: "-trimpath -buildvcs=false" };

/**
 * Environment for the Pulumi CLI or the Automation API (`LocalWorkspace` `envVars`), to merge over
 * `process.env`, with the CLI, the Node.js language host and the `pieces` asked for (another language
 * host, an SDK generator) on its `PATH`. Made once per process; each process gets its own PULUMI_HOME
 * and file backend.
 */
export async function engineEnv(...pieces: EnginePiece[]): Promise<Record<string, string>> {
  return { ...(await getEngine(pieces)).env };
}

let command: Promise<PulumiCommand> | undefined;

/**
 * A `PulumiCommand` running our engine binary, for `LocalWorkspace` options. Made once per process:
 * making one runs `pulumi version`, and every stack of a process uses the same binary.
 */
export function pulumiCommand(): Promise<PulumiCommand> {
  command ??= getEngine().then(({ binDir }) => PulumiCommand.get({ root: path.dirname(binDir) }));
  return command;
}

export interface TempDir {
  path: string;
  remove(): Promise<void>;
}

export async function makeTempDir(prefix = "pulumi-voice-"): Promise<TempDir> {
  const dir = await mkdtemp(path.join(scratchDir(), prefix));
  return { path: dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
