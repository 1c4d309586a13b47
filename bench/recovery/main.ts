// `npm run bench -- --recovery`: the recovery docs/failures-and-recover.md gives, at ~300 resources
// (sets and links) with PULUMI_SKIP_CHECKPOINTS=true: `pulumi up` killed early, mid-way and late
// (bench/recovery/killed-up.ts), each followed by `recover --cancel` and `up --refresh` (itself the next
// killed run); then the state file lost and rebuilt. Timed, and counted against the platform after each
// step. The behaviour itself is proven at ~40 resources by test/e2e/recovery/recover-without-checkpoints.test.ts.
import { execFile } from "node:child_process";
import { readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { repoRoot } from "../../scripts/tools/engine";
import { withSeededEmulator } from "../harness/seeded-emulator";
import { type BenchStack, benchStack, type Target } from "../harness/stack";
import { runStandaloneMode } from "../harness/standalone-mode";
import { progress, timed } from "../harness/stats";
import { census } from "./census";
import { KILL_POINTS, upKilledAfter } from "./killed-up";
import { mixedEstate, resourcesOf } from "./mixed-estate";
import { renderRecovery } from "./report";
import type { RecoveryResult, RecoveryStep } from "./result";

const exec = promisify(execFile);
const STACK = "recovery";

/** Platform records: 480 are 2 configurations, 24 bridges, 48 trunks and 406 numbers, 289 resources. */
export const FULL_RECORDS = 480;
/** The test's estate (43 resources), to see the suite run. */
export const QUICK_RECORDS = 70;

/** Runs `command` in the stack's project with the engine's environment (checkpoints off). */
async function cli(bench: BenchStack, command: string, args: string[]): Promise<string> {
  const { stdout } = await exec(command, args, {
    cwd: bench.stack.workspace.workDir,
    env: { ...process.env, ...bench.stack.workspace.envVars },
    maxBuffer: 256 * 1024 * 1024,
  });
  return stdout;
}

const recover = (bench: BenchStack) =>
  cli(bench, process.execPath, [
    path.join(repoRoot, "dist", "cli", "main.js"),
    "recover",
    "--cancel",
    "--stack",
    STACK,
  ]);

async function recoveryRun(target: Target, records: number): Promise<RecoveryResult> {
  const spec = mixedEstate(records);
  const parallel = 4 * os.availableParallelism();
  const bench = await benchStack(target, STACK, parallel, { env: { PULUMI_SKIP_CHECKPOINTS: "true" } });
  const steps: RecoveryStep[] = [];
  const counted = async (step: string, run: () => Promise<Omit<RecoveryStep, "step" | "ms" | "census">>) => {
    await target.admin.clearRequests();
    const { ms, result } = await timed(run);
    const writes = (await target.admin.requests()).filter((r) => r.method !== "GET").length;
    steps.push({ step, ms, census: await census(target, bench.stack), writes, ...result });
    progress(`recovery: ${step} in ${(ms / 1000).toFixed(1)} s`);
  };
  const recovered = async () => ({
    rounds: (await recover(bench)).split("\n").filter((l) => l.startsWith("round ")),
  });
  const up = async () => {
    await cli(bench, "pulumi", ["up", "--refresh", "--yes", "--skip-preview", "--stack", STACK]);
    return {};
  };
  try {
    await bench.declare(spec);
    for (const [i, [when, answered]] of KILL_POINTS.entries()) {
      const left = records - (await census(target, bench.stack)).onPlatform;
      const posts = answered(left);
      await counted(`up${i > 0 ? " --refresh" : ""} killed ${when}`, async () => {
        const finishedFirst = await upKilledAfter(target.admin, posts, {
          cwd: bench.stack.workspace.workDir,
          env: { ...process.env, ...bench.stack.workspace.envVars },
          stack: STACK,
          args: i > 0 ? ["--refresh"] : [],
        });
        if (finishedFirst) throw new Error(`the up killed ${when} finished first`);
        return { answered: posts, left };
      });
      await counted(`recover --cancel after the ${when} kill`, recovered);
    }
    await counted("up --refresh", up);
    await counted("preview", async () => {
      await bench.stack.preview({ parallel });
      return {};
    });
    const backend = fileURLToPath(bench.stack.workspace.envVars.PULUMI_BACKEND_URL ?? "");
    const dir = path.join(backend, ".pulumi", "stacks", (await bench.stack.workspace.projectSettings()).name);
    for (const f of await readdir(dir)) if (f.startsWith(`${STACK}.json`)) await rm(path.join(dir, f));
    await counted("recover --cancel after the state file was lost", recovered);
    await counted("up --refresh after the lost state", up);
  } finally {
    await bench.stack.destroy({ parallel }).catch(() => undefined);
    await bench.cleanup();
  }
  return {
    records,
    resources: resourcesOf(spec),
    sets: spec.sets.length,
    links: spec.numbers.length,
    parallel,
    steps,
  };
}

/** `--recovery` (`--quick`: the test's estate of 70 records, results not kept). */
export function runRecoveryMode(quick: boolean): Promise<void> {
  const records = quick ? QUICK_RECORDS : FULL_RECORDS;
  return runStandaloneMode(
    "recovery",
    quick,
    () => withSeededEmulator(records, (target) => recoveryRun(target, records)),
    renderRecovery,
  );
}
