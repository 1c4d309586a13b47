// `pulumi-voice-platform fleet`: one operation over many stacks (one per organization, typically), on
// one machine or cut into shards for a CI job matrix, ending with one combined report and an exit code.
import { access, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { exitCode } from "./exit-code";
import { readFleetFile } from "./fleet-file";
import type { FleetReport } from "./fleet-report";
import { pendingResult, REPORT_FORMAT } from "./fleet-report";
import { FleetInputError } from "./input-error";
import { renderFleetMarkdown } from "./markdown";
import { githubMatrix, gitlabMatrix, matrixJobs } from "./matrix";
import { mergeReports } from "./merge";
import { type FleetCommand, parseFleetArgs, type RunOptions, type SelectionInput } from "./options";
import { Progress } from "./progress";
import { listProjectStacks } from "./project-stacks";
import { ReportWriter, readReport, writeReport } from "./report-file";
import { Scheduler } from "./scheduler";
import { type SelectedStack, selectStacks } from "./selection";
import { inShard } from "./shard";
import type { StackJob } from "./stack-job";
import { FLEET_USAGE } from "./usage";

export { FLEET_USAGE } from "./usage";

/** Runs `fleet` with its arguments. */
export async function runFleet(argv: readonly string[]): Promise<void> {
  const command = parseFleetArgs(argv);
  switch (command.kind) {
    case "help":
      process.stdout.write(`${FLEET_USAGE}\n`);
      return;
    case "list":
      return list(command);
    case "matrix":
      return matrix(command);
    case "merge":
      return merge(command);
    case "run":
      return run(command);
  }
}

/** The selected stacks, every rule checked. */
async function select(input: SelectionInput): Promise<SelectedStack[]> {
  const projects =
    "fleetFile" in input
      ? await readFleetFile(input.fleetFile)
      : input.projects.map((folder) => ({
          folder,
          dir: path.resolve(folder),
          stacks: input.stacks,
          origin: `--project ${folder}`,
        }));
  return selectStacks(projects, listProjectStacks);
}

async function list(command: Extract<FleetCommand, { kind: "list" }>): Promise<void> {
  const all = await select(command.selection);
  const stacks = command.shard ? inShard(all, command.shard) : all;
  for (const s of stacks) process.stdout.write(`${s.id}\t${s.folder}\n`);
}

async function matrix(command: Extract<FleetCommand, { kind: "matrix" }>): Promise<void> {
  const jobs = matrixJobs(await select(command.selection), command.shards);
  process.stdout.write(
    `${command.format === "github" ? githubMatrix(jobs) : gitlabMatrix(jobs).trimEnd()}\n`,
  );
}

async function merge(command: Extract<FleetCommand, { kind: "merge" }>): Promise<void> {
  const inputs = await Promise.all(
    command.reports.map(async (source) => {
      try {
        return { report: await readReport(source), source };
      } catch (e) {
        throw new FleetInputError(`merge: ${e instanceof Error ? e.message : String(e)}`);
      }
    }),
  );
  const merged = mergeReports(inputs);
  if (command.json) await writeReport(command.json, merged);
  const markdown = renderFleetMarkdown(merged, command.title);
  if (command.markdown) await writeFile(command.markdown, markdown);
  process.stdout.write(markdown);
  process.exitCode = exitCode(merged);
}

/** Every path a stack's job needs; a policy configuration a stack lacks is bad input, found now. */
async function jobsOf(stacks: readonly SelectedStack[], options: RunOptions): Promise<StackJob[]> {
  const logs = path.resolve(options.logs);
  const policyPacks = options.policyPacks.map((p) => path.resolve(p));
  for (const [k, pack] of policyPacks.entries())
    if (!(await exists(pack)))
      throw new FleetInputError(
        `--policy-pack ${options.policyPacks[k]}: no such folder (a policy pack's folder)`,
      );
  const jobs: StackJob[] = [];
  for (const stack of stacks) {
    const logName = path.join(stack.project, `${stack.stack}.log`);
    let policyPackConfig: string | undefined;
    if (options.policyPackConfig !== undefined) {
      policyPackConfig = path.resolve(
        options.policyPackConfig.replaceAll("{stack}", stack.stack).replaceAll("{project}", stack.project),
      );
      if (!(await exists(policyPackConfig)))
        throw new FleetInputError(
          `--policy-pack-config ${options.policyPackConfig}: ${path.relative(process.cwd(), policyPackConfig)} does not exist (for stack ${stack.id}); {stack} and {project} are replaced per stack`,
        );
    }
    jobs.push({
      operation: options.operation,
      stack,
      logFile: path.join(logs, logName),
      requestLog: path.join(logs, stack.project, `${stack.stack}.requests`),
      logName,
      policyPacks,
      policyPackConfig,
      refresh: options.refresh,
      sharedPlugin: options.sharedPlugin,
      ...(options.impact ? { impact: options.impact } : {}),
    });
  }
  return jobs;
}

async function run(options: RunOptions): Promise<void> {
  const selection = await select(options.selection);
  const stacks = options.shard ? inShard(selection, options.shard) : selection;
  const jobs = await jobsOf(stacks, options);
  for (const job of jobs) await mkdir(path.dirname(job.logFile), { recursive: true });
  const jsonFile = options.json ?? path.join(options.logs, "report.json");
  const markdownFile = options.markdown ?? path.join(options.logs, "report.md");
  const report: FleetReport = {
    format: REPORT_FORMAT,
    operation: options.operation,
    selection: selection.map((s) => s.id),
    shards: options.shard?.count ?? 1,
    ...(options.shard ? { shard: options.shard.index } : {}),
    startedAt: new Date().toISOString(),
    complete: false,
    interrupted: false,
    stacks: stacks.map(pendingResult),
  };
  const writer = new ReportWriter(jsonFile);
  await writer.write(report);
  const shardNote = options.shard ? ` (shard ${options.shard.index}/${options.shard.count})` : "";
  const progress = new Progress(options.operation, jobs.length, options.progressEveryMs);
  const indexOf = new Map(stacks.map((s, k) => [s.id, k]));
  const scheduler = new Scheduler(jobs, options.parallel, {
    started(job) {
      progress.started(job);
      const k = indexOf.get(job.stack.id) as number;
      report.stacks[k] = { ...(report.stacks[k] ?? pendingResult(job.stack)), status: "running" };
      void writer.write(report);
    },
    progress: (job, completed) => progress.progress(job, completed),
    finished(result) {
      progress.finished(result);
      report.stacks[indexOf.get(result.id) as number] = result;
      void writer.write(report);
    },
  });
  const onInterrupt = (signal: NodeJS.Signals) => {
    report.interrupted = true;
    // A supervisor's SIGTERM leaves no time to wait: stop launching and cancel at once.
    if (signal === "SIGTERM") scheduler.interrupt();
    const state = scheduler.interrupt();
    progress.note(
      state === "stopping"
        ? `${signal}: no further stack starts; the ${scheduler.running} running will end by themselves (interrupt again to cancel them)`
        : `${signal}: cancelling the ${scheduler.running} running stacks (the engine ends their running steps, then stops)`,
    );
  };
  process.on("SIGINT", onInterrupt);
  process.on("SIGTERM", onInterrupt);
  progress.begin(`fleet ${options.operation}${shardNote}`);
  try {
    report.stacks = await scheduler.run();
  } finally {
    process.off("SIGINT", onInterrupt);
    process.off("SIGTERM", onInterrupt);
    progress.end();
  }
  report.complete = true;
  report.finishedAt = new Date().toISOString();
  await writer.write(report);
  const markdown = renderFleetMarkdown(
    report,
    options.title ?? `Telephony fleet: ${options.operation}${shardNote}`,
  );
  await writeFile(markdownFile, markdown);
  process.stdout.write(markdown);
  process.stderr.write(`logs: ${path.resolve(options.logs)}; report: ${path.resolve(jsonFile)}\n`);
  process.exitCode = exitCode(report);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
