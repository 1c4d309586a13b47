// A Pulumi stack of the benchmark program (bench/harness/program) driven through the Automation API with the
// real engine (scripts/tools/engine.ts), against an emulator over loopback HTTP, plus the measurements
// taken around each engine operation: wall time, the emulator's request log, peak memory.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, copyFile, cp, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { type EngineEvent, LocalWorkspace, type PulumiCommand, type Stack } from "@pulumi/pulumi/automation";
import type { AdminClient, RequestLogEntry } from "../../emulator";
import type { EstateSpec } from "../../estate/estate";
import { engineEnv, makeTempDir, pulumiCommand, repoRoot, type TempDir } from "../../scripts/tools/engine";
import { type PeakRss, watchPeakRss } from "./rss";
import { round, timed } from "./stats";
import { renderYamlProgram } from "./yaml-program";

const run = promisify(execFile);

/** The native provider plugin's folder (its launcher, bin/pulumi-resource-voice). */
const BIN = path.join(repoRoot, "bin");
const EMPTY: EstateSpec = { provider: "native", configurations: [], bridges: [], numbers: [], trunks: [] };

export interface Target {
  url: string;
  token: string;
  orgHandle: string;
  admin: AdminClient;
}

/** What one engine operation cost. */
export interface OpMeasure {
  ms: number;
  requests: number;
  /** Requests per `METHOD /path` with ids folded to `{id}`. */
  byRoute: Record<string, number>;
  status429: number;
  /** Longest pause between two consecutive requests (under a spent rate-limit window: the wait for its reset). */
  maxGapMs: number;
  /** Resource operations the engine reported as failed (`resOpFailedEvent`), and the error if the operation failed. */
  failedOperations: number;
  error?: string;
  /** Resource changes as the engine summarized them (up/refresh/destroy). */
  changes?: Record<string, number>;
  rss?: PeakRss;
}

export type Operation = "up" | "preview" | "refresh" | "destroy";

export interface BenchStack {
  stack: Stack;
  /** Engine parallelism passed as `--parallel` to every operation. */
  parallel: number;
  declare(spec: EstateSpec): Promise<void>;
  /** Runs one operation with the request log cleared first; `rss` polls peak memory meanwhile. */
  run(op: Operation, opts?: { rss?: boolean }): Promise<OpMeasure>;
  /** Sets (or, with undefined, unsets) a variable of the engine's environment for the operations after it. */
  setEnv(key: string, value: string | undefined): void;
  /** A variable of the engine's environment as the next operation gets it. */
  getEnv(key: string): string | undefined;
  /** Bytes of `pulumi stack export` and of the resources' `__provider` values. */
  stateSize(): Promise<StateSize>;
  /** The text `pulumi stack export` prints (secrets encrypted, as the backend stores them). */
  exportText(): Promise<string>;
  cleanup(): Promise<void>;
}

export interface StateSize {
  exportBytes: number;
  resources: number;
  /** Custom resources of the program (excluding the stack and the default provider). */
  declared: number;
  bytesPerDeclared: number;
  /** Largest serialized `__provider` text, and how many times each resource stores one. */
  providerBytesMax: number;
  providerCopiesPerResource: number;
  /** Bytes the `"__provider": "…"` lines take in the export, per declared resource (0 without one). */
  providerLineBytesPerDeclared: number;
  /** Mean bytes of one resource entry by type token. */
  bytesByType: Record<string, number>;
}

/** `GET /telephony/bridges/bench-1/` → `GET /telephony/bridges/{slug}/`; numeric ids → `{id}`. */
function routeOf(entry: Pick<RequestLogEntry, "method" | "path">): string {
  const path = entry.path.replace(/\/\d+(?=\/|$)/g, "/{id}").replace(/(\/bridges\/)[^/]+/, "$1{slug}");
  return `${entry.method} ${path}`;
}

export function countRoutes(entries: readonly RequestLogEntry[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of entries) {
    const route = routeOf(e);
    counts[route] = (counts[route] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

function maxGap(log: readonly RequestLogEntry[]): number {
  let gap = 0;
  for (let i = 1; i < log.length; i++)
    gap = Math.max(gap, Date.parse(log[i]!.at) - Date.parse(log[i - 1]!.at));
  return gap;
}

/** How a bench stack's project differs from the plain one. */
export interface StackOptions {
  /** Load the native provider plugin (bin/) through Pulumi.yaml `plugins.providers[].path`. */
  native?: boolean;
  /** Extra environment of the engine (e.g. `PULUMI_SKIP_CHECKPOINTS`). */
  env?: Record<string, string>;
  /** A YAML program: `declare` writes Pulumi.yaml (bench/harness/yaml-program.ts) instead of spec.json. */
  yaml?: boolean;
  /** An existing project (e.g. an exported one) instead of a copy of bench/harness/program; removed on cleanup. */
  dir?: string;
  /** Config beside the platform's (e.g. the secrets an exported program reads). */
  config?: Record<string, { value: string; secret?: boolean }>;
  /** The program's folder under bench/ (default `harness/program`). */
  program?: string;
  /** Flags of the command line itself passed to every engine command (e.g. `--disable-integrity-checking`). */
  globalFlags?: readonly string[];
}

/** `command` with `flags` added to every command it runs. */
function withFlags(command: PulumiCommand, flags: readonly string[]): PulumiCommand {
  // The Automation API runs every command through `run(args, …)`, which its typings leave out.
  const real = command as unknown as { run(args: string[], ...rest: unknown[]): unknown };
  const wrapped = Object.create(command) as { run(args: string[], ...rest: unknown[]): unknown };
  wrapped.run = (args, ...rest) => real.run.call(command, [...args, ...flags], ...rest);
  return wrapped as unknown as PulumiCommand;
}

/** A stack named `name` of bench/harness/program (or `options.program`) in a fresh temp directory, configured for `target`. */
export async function benchStack(
  target: Target,
  name: string,
  parallel: number,
  options: StackOptions = {},
): Promise<BenchStack> {
  const dir: TempDir = options.dir
    ? { path: options.dir, remove: () => rm(options.dir!, { recursive: true, force: true }) }
    : await makeTempDir("pulumi-voice-bench-");
  if (options.yaml) {
    await writeFile(path.join(dir.path, "Pulumi.yaml"), renderYamlProgram(EMPTY, "voice-bench", BIN));
  } else if (!options.dir) {
    await cp(path.join(repoRoot, "bench", options.program ?? "harness/program"), dir.path, {
      recursive: true,
    });
    // A TypeScript program types what it declares by the estate's own declaration, copied beside it.
    if (existsSync(path.join(dir.path, "index.ts"))) {
      await copyFile(path.join(repoRoot, "estate", "spec.ts"), path.join(dir.path, "spec.ts"));
    }
  }
  if (!options.yaml) {
    await symlink(path.join(repoRoot, "node_modules"), path.join(dir.path, "node_modules"), "dir").catch(
      (e: NodeJS.ErrnoException) => {
        if (e.code !== "EEXIST") throw e;
      },
    );
  }
  if (options.native && !options.yaml && !options.dir) {
    await appendFile(
      path.join(dir.path, "Pulumi.yaml"),
      `plugins:\n  providers:\n    - name: voice\n      path: ${BIN}\n`,
    );
  }
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: name, workDir: dir.path },
    {
      envVars: { ...(await engineEnv(...(options.yaml ? (["yaml"] as const) : []))), ...options.env },
      pulumiCommand: options.globalFlags
        ? withFlags(await pulumiCommand(), options.globalFlags)
        : await pulumiCommand(),
    },
  );
  await stack.setAllConfig({
    "voice:baseUrl": { value: target.url },
    "voice:token": { value: target.token, secret: true },
    "voice:orgHandle": { value: target.orgHandle },
    authToken: { value: "bench-auth-token", secret: true },
    sipPassword: { value: "bench-sip-password", secret: true },
    ...options.config,
  });
  let failed = 0;
  const onEvent = (e: EngineEvent) => {
    if (e.resOpFailedEvent) failed++;
  };
  const operations = {
    up: () => stack.up({ parallel, onEvent }).then((r) => r.summary.resourceChanges),
    preview: () => stack.preview({ parallel, onEvent }).then((r) => r.changeSummary),
    refresh: () => stack.refresh({ parallel, onEvent }).then((r) => r.summary.resourceChanges),
    destroy: () => stack.destroy({ parallel, onEvent }).then((r) => r.summary.resourceChanges),
  } satisfies Record<Operation, () => Promise<Record<string, number> | undefined>>;

  const exportText = async () =>
    (
      await run((await pulumiCommand()).command, ["stack", "export", "--stack", name], {
        cwd: dir.path,
        env: { ...process.env, ...stack.workspace.envVars },
        maxBuffer: 256 * 1024 * 1024,
      })
    ).stdout;

  return {
    stack,
    parallel,
    // A file, not stack config: at N = 3,000 the spec outgrows what one command-line argument may hold.
    declare: (spec) =>
      options.yaml
        ? writeFile(path.join(dir.path, "Pulumi.yaml"), renderYamlProgram(spec, "voice-bench", BIN))
        : writeFile(path.join(dir.path, "spec.json"), JSON.stringify(spec)),
    setEnv(key, value) {
      const env = stack.workspace.envVars;
      if (value === undefined) delete env[key];
      else env[key] = value;
    },
    getEnv: (key) => stack.workspace.envVars[key],
    async run(op, opts = {}) {
      await target.admin.clearRequests();
      failed = 0;
      const watcher = opts.rss ? watchPeakRss() : undefined;
      let error: string | undefined;
      const measured = await timed(() =>
        operations[op]().catch((e: unknown) => {
          // A failed operation is a figure (benchmark 6), not a crash of the benchmark.
          error = (e instanceof Error ? e.message : String(e)).slice(-2_000);
          return undefined;
        }),
      );
      const rss = watcher?.stop();
      const log = await target.admin.requests();
      return {
        ms: round(measured.ms, 0),
        requests: log.length,
        byRoute: countRoutes(log),
        status429: log.filter((e) => e.status === 429).length,
        maxGapMs: maxGap(log),
        failedOperations: failed,
        ...(error === undefined ? {} : { error }),
        ...(measured.result ? { changes: measured.result } : {}),
        ...(rss ? { rss } : {}),
      };
    },
    exportText,
    async stateSize() {
      // The bytes `pulumi stack export` prints (what a user would see and store), not a re-serialization.
      const text = await exportText();
      const deployment = JSON.parse(text) as { deployment?: { resources?: unknown[] } };
      const resources = (deployment.deployment?.resources ?? []) as {
        type: string;
        custom?: boolean;
        inputs?: Record<string, unknown>;
        outputs?: Record<string, unknown>;
      }[];
      const declared = resources.filter((r) => r.custom && !r.type.startsWith("pulumi:providers:"));
      let providerBytesMax = 0;
      let copies = 0;
      const byType: Record<string, { bytes: number; n: number }> = {};
      for (const r of declared) {
        for (const bag of [r.inputs, r.outputs]) {
          const p = bag?.__provider;
          if (typeof p === "string") {
            providerBytesMax = Math.max(providerBytesMax, Buffer.byteLength(p));
            copies++;
          }
        }
        const t = byType[r.type] ?? { bytes: 0, n: 0 };
        t.bytes += Buffer.byteLength(JSON.stringify(r));
        t.n++;
        byType[r.type] = t;
      }
      const exportBytes = Buffer.byteLength(text);
      // Counted in the exported text itself (the engine's JSON escapes differ from JSON.stringify's).
      const providerLineBytes = text
        .split("\n")
        .filter((line) => /^\s*"__provider": "/.test(line))
        .reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
      return {
        exportBytes,
        resources: resources.length,
        declared: declared.length,
        bytesPerDeclared: declared.length ? Math.round(exportBytes / declared.length) : 0,
        providerBytesMax,
        providerCopiesPerResource: declared.length ? round(copies / declared.length, 2) : 0,
        providerLineBytesPerDeclared: declared.length ? Math.round(providerLineBytes / declared.length) : 0,
        bytesByType: Object.fromEntries(
          Object.entries(byType).map(([k, v]) => [
            k.replace(/^pulumi-nodejs:dynamic\//, ""),
            Math.round(v.bytes / v.n),
          ]),
        ),
      };
    },
    async cleanup() {
      await stack.workspace.removeStack(name, { force: true }).catch(() => undefined);
      await dir.remove();
    },
  };
}
