// Runs the fleet's stacks, at most `parallel` at once, each in a worker process of its own (its memory is
// given back when the stack ends, so the fleet's memory follows the parallelism, not the fleet's size).
// A failed stack is a result like any other; the next stack starts. An interrupt stops the launching of
// stacks (the first), then cancels the running ones (the second).
import { type ChildProcess, fork } from "node:child_process";
import { appendFile } from "node:fs/promises";
import path from "node:path";
import type { StackResult } from "./fleet-report";
import type { FromWorker, StackJob, ToWorker } from "./stack-job";

/** What the scheduler tells as it goes. */
export interface SchedulerEvents {
  started(job: StackJob): void;
  progress(job: StackJob, completed: number): void;
  finished(result: StackResult): void;
}

/** How far an interrupt has gone: running stacks go on (`stopping`) or are being cancelled (`cancelling`). */
export type InterruptState = "running" | "stopping" | "cancelling";

/** The most text kept from a worker's stderr, for the cause of a worker that ended without a result. */
const STDERR_TAIL = 2000;

/** The worker's compiled entry, beside this module's. */
const WORKER = path.join(__dirname, "worker.js");

export class Scheduler {
  #state: InterruptState = "running";
  readonly #running = new Map<string, ChildProcess>();

  constructor(
    private readonly jobs: readonly StackJob[],
    private readonly parallel: number,
    private readonly events: SchedulerEvents,
  ) {}

  get state(): InterruptState {
    return this.#state;
  }

  /** The first interrupt stops launching; the second cancels the running stacks. */
  interrupt(): InterruptState {
    if (this.#state === "running") this.#state = "stopping";
    else if (this.#state === "stopping") {
      this.#state = "cancelling";
      for (const child of this.#running.values()) send(child, { type: "cancel" });
    }
    return this.#state;
  }

  /** Stacks running now. */
  get running(): number {
    return this.#running.size;
  }

  /** Runs every job; answers their results in the jobs' order (`not run` for those an interrupt kept from starting). */
  async run(): Promise<StackResult[]> {
    const results = new Array<StackResult | undefined>(this.jobs.length);
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < this.jobs.length && this.#state === "running") {
        const k = next++;
        const job = this.jobs[k] as StackJob;
        this.events.started(job);
        const result = await this.#runOne(job);
        results[k] = result;
        this.events.finished(result);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.parallel, this.jobs.length) }, lane));
    return this.jobs.map((job, k) => {
      const done = results[k];
      if (done) return done;
      const { id, project, stack, folder } = job.stack;
      const result: StackResult = {
        id,
        project,
        stack,
        folder,
        status: "not run",
        cause: "an interrupt stopped the fleet before this stack started",
        changeSummary: {},
        changes: [],
        unlocatedChanges: 0,
        policy: [],
      };
      this.events.finished(result);
      return result;
    });
  }

  /** One stack in a worker process; a worker that ends without a result is a failed row. */
  #runOne(job: StackJob): Promise<StackResult> {
    return new Promise((resolve) => {
      const child = fork(WORKER, [], { detached: true, stdio: ["ignore", "ignore", "pipe", "ipc"] });
      this.#running.set(job.stack.id, child);
      let result: StackResult | undefined;
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
      });
      child.on("message", (message: FromWorker) => {
        if (message.type === "progress") this.events.progress(job, message.completed);
        else result = message.result;
      });
      let settled = false;
      const finish = async (code: number | null, signal: NodeJS.Signals | null) => {
        if (settled) return;
        settled = true;
        this.#running.delete(job.stack.id);
        if (result) return resolve(result);
        const how = signal ? `signal ${signal}` : `exit code ${code}`;
        const last = stderr.trim().split("\n").pop() ?? "";
        await appendFile(job.logFile, `\n# the worker ended without a result (${how})\n${stderr}`).catch(
          () => {},
        );
        const { id, project, stack, folder } = job.stack;
        resolve({
          id,
          project,
          stack,
          folder,
          status: "failed",
          cause: `the process running this stack ended without a result (${how})${last ? `: ${last}` : ""}`,
          changeSummary: {},
          changes: [],
          unlocatedChanges: 0,
          policy: [],
          log: job.logName,
        });
      };
      child.on("exit", (code, signal) => void finish(code, signal));
      child.on("error", (e) => {
        stderr += e.message;
        void finish(null, null);
      });
      send(child, { type: "run", job });
      // A cancel asked for before this stack started reaches it too.
      if (this.#state === "cancelling") send(child, { type: "cancel" });
    });
  }
}

function send(child: ChildProcess, message: ToWorker): void {
  if (child.connected) child.send(message);
}
