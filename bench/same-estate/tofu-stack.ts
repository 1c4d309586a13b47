// OpenTofu driven on one estate against the emulator, measured as the Pulumi side is: each
// operation's wall time, the requests the emulator saw, and the memory and CPU of every process it
// started (bench/harness/tree-rss.ts). `findTofu` says where OpenTofu and the REST provider are, or why not.
import { execFile, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { EstateSpec } from "../../estate/estate";
import { makeTempDir, repoRoot } from "../../scripts/tools/engine";
import { countRoutes, type Target } from "../harness/stack";
import { round, timed } from "../harness/stats";
import { type TreeUsage, watchTree } from "../harness/tree-rss";
import { renderTofuConfig } from "./tofu-config";

const run = promisify(execFile);

/** Where OpenTofu is: its executable and the CLI configuration that finds the provider without a registry. */
export interface TofuInstall {
  tofu: string;
  /** TF_CLI_CONFIG_FILE (scripts/tools/opentofu's `tofurc`), or undefined for the user's own configuration. */
  cliConfig: string | undefined;
  version: string;
}

/**
 * scripts/tools/opentofu's cache when it is built; else a `tofu` on PATH with the user's own CLI
 * configuration (whose `tofu init` must find mastercard/restapi); else the reason there is none.
 */
export async function findTofu(): Promise<TofuInstall | { missing: string }> {
  const script = path.join(repoRoot, "scripts", "tools", "opentofu");
  const cached = await run(script, ["--installed"]).catch(() => undefined);
  const dir = cached?.stdout.trim().split("\n").at(-1);
  const candidates: [string, string | undefined][] = dir
    ? [[path.join(dir, "tofu"), path.join(dir, "tofurc")]]
    : [["tofu", process.env.TF_CLI_CONFIG_FILE]];
  for (const [tofu, cliConfig] of candidates) {
    const env = { ...process.env, ...(cliConfig ? { TF_CLI_CONFIG_FILE: cliConfig } : {}) };
    const v = await run(tofu, ["version", "-json"], { env }).catch(() => undefined);
    if (!v) continue;
    const version = (JSON.parse(v.stdout) as { terraform_version?: string }).terraform_version ?? "?";
    return { tofu, cliConfig, version };
  }
  return {
    missing:
      "OpenTofu is not installed: neither scripts/tools/opentofu's cache nor `tofu` on PATH. " +
      "Build it with scripts/tools/opentofu (OpenTofu and the restapi provider from the Go module proxy; minutes).",
  };
}

export type TofuOp = "create" | "noop" | "refresh" | "destroy";

/** What one OpenTofu command cost. */
export interface TofuMeasure {
  ms: number;
  requests: number;
  byRoute: Record<string, number>;
  tree: TreeUsage;
  /** `tofu plan -detailed-exitcode`: whether it planned changes (the no-op plan must not). */
  changes?: boolean;
}

const ARGS: Record<TofuOp, (parallel: number) => string[]> = {
  create: (p) => ["apply", "-auto-approve", `-parallelism=${p}`],
  noop: (p) => ["plan", "-detailed-exitcode", `-parallelism=${p}`],
  refresh: (p) => ["apply", "-refresh-only", "-auto-approve", `-parallelism=${p}`],
  destroy: (p) => ["destroy", "-auto-approve", `-parallelism=${p}`],
};

export interface TofuStack {
  run(op: TofuOp): Promise<TofuMeasure>;
  /** Bytes of the state file (terraform.tfstate). */
  stateBytes(): Promise<number>;
  cleanup(): Promise<void>;
}

/** A fresh working directory with the estate's configuration, `tofu init` done. */
export async function tofuStack(
  install: TofuInstall,
  target: Target,
  spec: EstateSpec,
  parallel: number,
): Promise<TofuStack> {
  const dir = await makeTempDir("pulumi-voice-bench-tofu-");
  await writeFile(path.join(dir.path, "main.tf"), renderTofuConfig(spec, target.url, target.orgHandle));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(install.cliConfig ? { TF_CLI_CONFIG_FILE: install.cliConfig } : {}),
    TF_IN_AUTOMATION: "1",
    TF_INPUT: "0",
    CHECKPOINT_DISABLE: "1",
    TF_VAR_token: target.token,
    TF_VAR_auth_token: "bench-auth-token",
    TF_VAR_sip_password: "bench-sip-password",
  };
  const log = path.join(dir.path, "tofu.log");
  const tofu = (args: string[]) =>
    new Promise<number>((resolve, reject) => {
      const out = createWriteStream(log, { flags: "a" });
      const child = spawn(install.tofu, [...args, "-no-color"], { cwd: dir.path, env });
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      child.on("error", reject);
      child.on("close", (code) => out.end(() => resolve(code ?? 1)));
    });
  const failed = async (what: string, code: number) => {
    const text = await readFile(log, "utf8").catch(() => "");
    return new Error(`tofu ${what} exited ${code}:\n${text.slice(-3_000)}`);
  };
  const init = await tofu(["init", "-input=false"]);
  if (init !== 0) {
    const error = await failed("init", init);
    await dir.remove();
    throw error;
  }
  return {
    async run(op) {
      await target.admin.clearRequests();
      const watcher = watchTree();
      const { ms, result: code } = await timed(() => tofu(ARGS[op](parallel)));
      const tree = watcher.stop();
      // A no-op plan answers 0 (no changes) or 2 (changes); anything else is a failure.
      if (code !== 0 && !(op === "noop" && code === 2)) throw await failed(op, code);
      const entries = await target.admin.requests();
      return {
        ms: round(ms, 0),
        requests: entries.length,
        byRoute: countRoutes(entries),
        tree,
        ...(op === "noop" ? { changes: code === 2 } : {}),
      };
    },
    stateBytes: () =>
      readFile(path.join(dir.path, "terraform.tfstate")).then(
        (b) => b.length,
        () => 0,
      ),
    cleanup: () => dir.remove(),
  };
}
