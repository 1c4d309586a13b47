import { execFile } from "node:child_process";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** Where and on which stack the `pulumi` CLI runs. */
export interface PulumiTarget {
  cwd: string;
  stack: string | undefined;
}

/** What a run of the CLI gets besides its arguments. */
export interface PulumiRunOptions {
  /** Written to its standard input (e.g. a deployment for `stack import`, so it never touches the disk). */
  input?: string;
  /** Added to its environment (and so to the language host's and the plugins'). */
  env?: Record<string, string>;
}

/** Runs `pulumi <args>` (on the target's stack) and answers its stdout; a failure carries the CLI's stderr. */
export async function pulumi(
  target: PulumiTarget,
  args: readonly string[],
  options: PulumiRunOptions = {},
): Promise<string> {
  const stackArgs = target.stack === undefined ? [] : ["--stack", target.stack];
  try {
    const running = exec("pulumi", [...args, ...stackArgs, "--non-interactive"], {
      cwd: target.cwd,
      maxBuffer: 512 * 1024 * 1024,
      env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true", ...options.env },
    });
    running.child.stdin?.end(options.input ?? "");
    const { stdout } = await running;
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; code?: string | number; message: string };
    if (e.code === "ENOENT") throw new Error("the `pulumi` CLI is not on PATH");
    // With --json the engine reports its errors on stdout.
    const detail = (e.stderr ?? "").trim() || (e.stdout ?? "").trim().slice(-4000) || e.message;
    throw new Error(`\`pulumi ${args.join(" ")}\` failed: ${detail}`);
  }
}
