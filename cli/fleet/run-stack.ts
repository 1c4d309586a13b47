// One stack's operation through Pulumi's Automation API: select the stack, run the operation with its
// output going to the stack's log and its events folded into the report row. A failure of any kind is
// the row's cause, never a throw.
import { createWriteStream, type WriteStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { type EngineEvent, LocalWorkspace, PulumiCommand, type Stack } from "@pulumi/pulumi/automation";
import { countRequests, REQUEST_LOG_ENV } from "../../provider/connection/request-log";
import { compileCacheEnv } from "../compile-cache";
import { buildReport } from "../report/merge";
import { maskSecrets } from "../report/secrets";
import { EngineEvents } from "./engine-events";
import { failureCause } from "./failure-cause";
import type { StackResult } from "./fleet-report";
import { lockedCause, lockHolders } from "./locks";
import { OPERATIONS } from "./operations";
import { pluginExecutable } from "./plugin-executable";
import { DEBUG_PROVIDERS_ENV, type SharedPlugin } from "./shared-plugin";
import { stackImpact } from "./stack-impact";
import type { StackJob } from "./stack-job";

/** The `pulumi` on PATH, checked once per process (`pulumi version`), not once per stack. */
let command: Promise<PulumiCommand> | undefined;
function pulumiCommand(): Promise<PulumiCommand> {
  command ??= PulumiCommand.get();
  return command;
}

/** The engine's environment for `job` beyond the fleet's own: its request log, and Node's compile cache for the program and the plugin. */
export const stackEnv = (job: Pick<StackJob, "requestLog">, env = process.env): Record<string, string> => ({
  [REQUEST_LOG_ENV]: job.requestLog,
  ...compileCacheEnv(env),
});

/**
 * The variables that attach the stack's engine to the lane's plugin (none without one, or when the
 * engine would not find the plugin where the lane looks: it then starts its own, as the log says).
 */
async function attachEnv(
  job: StackJob,
  plugin: SharedPlugin | undefined,
  say: (line: string) => void,
): Promise<Record<string, string>> {
  if (!job.sharedPlugin || !plugin) return {};
  const executable = await pluginExecutable(job.stack.dir);
  if (executable === undefined) {
    say(
      "# shared plugin: none for this project (Pulumi.yaml declares none; a program not in JavaScript takes the one on PATH); an engine that needs one starts its own",
    );
    return {};
  }
  const env = await plugin.envFor(executable, process.env[DEBUG_PROVIDERS_ENV]);
  say(`# shared plugin: ${executable} (${DEBUG_PROVIDERS_ENV}=${env[DEBUG_PROVIDERS_ENV]})`);
  await plugin.begin();
  return env;
}

/**
 * Runs `job`; `signal` cancels it as Ctrl-C cancels `pulumi` (the engine ends its running steps, then
 * stops); `plugin`, the lane's, serves the stack when the job asks for a shared plugin.
 */
export async function runStack(
  job: StackJob,
  signal: AbortSignal,
  onProgress: (completed: number) => void = () => {},
  plugin?: SharedPlugin,
): Promise<StackResult> {
  const started = Date.now();
  await writeFile(job.requestLog, "");
  const log = createWriteStream(job.logFile);
  const say = (line: string) => log.write(`${line}\n`);
  say(
    `# fleet ${job.operation} ${job.stack.id} (${job.stack.folder}) started ${new Date(started).toISOString()}`,
  );
  // What an applied operation did is its completed steps; a check's is every step it planned.
  const events = new EngineEvents(!OPERATIONS[job.operation].check);
  let outcome: { ok: true } | { ok: false; error: unknown };
  let stack: Stack | undefined;
  let attached = false;
  try {
    const shared = await attachEnv(job, plugin, say);
    attached = DEBUG_PROVIDERS_ENV in shared;
    stack = await LocalWorkspace.selectStack(
      { stackName: job.stack.stack, workDir: job.stack.dir },
      {
        envVars: { ...stackEnv(job), ...shared },
        pulumiCommand: await pulumiCommand(),
      },
    );
    outcome = await attempt(stack, job, events, log, signal, onProgress);
  } catch (error) {
    outcome = { ok: false, error };
  }
  const impact =
    job.impact && outcome.ok && stack
      ? await stackImpact(stack, events.document(), job.impact, job.requestLog)
      : {};
  const durationMs = Date.now() - started;
  if (attached && plugin) say(`# shared plugin: ${await plugin.collect(job.requestLog)} requests`);
  // The plugin's end explains the stack's failure better than the engine's lost connection does.
  const pluginEnded = attached ? plugin?.ended : undefined;
  const counted = await readFile(job.requestLog, "utf8").then(countRequests, () => ({
    requests: 0,
    throttled: 0,
  }));
  const report = buildReport([events.document()]);
  const summary = events.summary();
  const base: StackResult = {
    ...publicStack(job),
    status: "clean",
    changeSummary: summary,
    changes: report.rows.map((r) => ({ ...r, code: maskSecrets(r.code), platform: maskSecrets(r.platform) })),
    unlocatedChanges: report.unlocatedDrift,
    policy: events.violations,
    ...impact,
    requests: counted.requests,
    throttled: counted.throttled,
    startedAt: new Date(started).toISOString(),
    durationMs,
    log: job.logName,
  };
  let result: StackResult;
  if (!outcome.ok) {
    const text = errorText(outcome.error);
    say(`# failed: ${text}`);
    const locks = lockHolders(text);
    const mandatory = events.violations.filter((v) => v.level === "mandatory");
    const cancelled = signal.aborted;
    const cause = cancelled
      ? "cancelled by an interrupt: the engine ended its running steps, then stopped (as Ctrl-C stops `pulumi`)"
      : locks
        ? lockedCause(locks)
        : mandatory.length > 0
          ? `${mandatory.length} mandatory ${mandatory.length === 1 ? "policy" : "policies"} violated: ${mandatory
              .map((v) => `${v.policy}${v.resource ? ` (${v.resource})` : ""}`)
              .join(", ")}`
          : pluginEnded !== undefined
            ? `the lane's provider plugin ended during this stack (${pluginEnded}); the next stack starts a new one`
            : failureCause(events.errors, outcome.error);
    // A check that did not finish plans nothing that will happen: its steps are no change to show.
    const planned = OPERATIONS[job.operation].check;
    result = {
      ...base,
      ...(planned ? { changes: [] } : {}),
      status: cancelled ? "cancelled" : "failed",
      cause,
    };
  } else {
    const changed = Object.entries(summary).some(([op, n]) => op !== "same" && n > 0);
    result = {
      ...base,
      status: changed || report.rows.length > 0 || report.unlocatedDrift > 0 ? "changes" : "clean",
    };
  }
  say(
    `# ${result.status}${result.cause ? `: ${result.cause}` : ""} after ${(durationMs / 1000).toFixed(1)} s`,
  );
  await new Promise<void>((resolve) => log.end(resolve));
  return result;
}

/** The stack as the report names it. */
function publicStack(job: StackJob) {
  const { id, project, stack, folder } = job.stack;
  return { id, project, stack, folder };
}

/** One run of the operation; answers how it ended instead of throwing. */
async function attempt(
  stack: Stack,
  job: StackJob,
  events: EngineEvents,
  log: WriteStream,
  signal: AbortSignal,
  onProgress: (completed: number) => void,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const common = {
    onOutput: (out: string) => log.write(out),
    onError: (err: string) => log.write(err),
    onEvent: (event: EngineEvent) => {
      const before = events.completed;
      events.add(event);
      if (events.completed !== before) onProgress(events.completed);
    },
    signal,
  };
  const policy = {
    policyPacks: job.policyPacks,
    policyPackConfigs: job.policyPackConfig ? [job.policyPackConfig] : [],
  };
  try {
    switch (job.operation) {
      case "preview":
        await stack.preview({ ...common, ...policy, refresh: job.refresh });
        break;
      case "drift":
        await stack.previewRefresh(common);
        break;
      case "up":
        await stack.up({ ...common, ...policy, refresh: job.refresh });
        break;
      case "refresh":
        await stack.refresh(common);
        break;
      case "destroy":
        await stack.destroy({ ...common, refresh: job.refresh });
        break;
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
