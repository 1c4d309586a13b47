import { execFile } from "node:child_process";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** Where and on which stack the `pulumi` CLI runs. */
export interface PulumiTarget {
  cwd: string;
  stack: string | undefined;
}

/** Runs `pulumi <args>` (on the target's stack) and answers its stdout; a failure carries the CLI's stderr. */
export async function pulumi(target: PulumiTarget, args: readonly string[]): Promise<string> {
  const stackArgs = target.stack === undefined ? [] : ["--stack", target.stack];
  try {
    const { stdout } = await exec("pulumi", [...args, ...stackArgs, "--non-interactive"], {
      cwd: target.cwd,
      maxBuffer: 512 * 1024 * 1024,
      env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
    });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; code?: string | number; message: string };
    if (e.code === "ENOENT") throw new Error("the `pulumi` CLI is not on PATH");
    const detail = (e.stderr ?? "").trim() || e.message;
    throw new Error(`\`pulumi ${args.join(" ")}\` failed: ${detail}`);
  }
}
