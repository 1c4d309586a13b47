// Runs the fleet's stacks, at most `parallel` at once, each in a worker process of its own (its memory is
// given back when the stack ends, so the fleet's memory follows the parallelism, not the fleet's size).
// A failed stack is a result like any other; the next stack starts. An interrupt stops the launching of
// stacks (the first), then cancels the running ones (the second).
import type { ChildProcess } from "node:child_process";
import { appendFile } from "node:fs/promises";
import type { StackResult } from "./fleet-report";
import type { FromWorker, StackJob, ToWorker } from "./stack-job";
import { startWorker } from "./worker";

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

export class Scheduler {
  #state: InterruptState = "running";
  /** The workers running a stack now, by stack id. */
  readonly #busy = new Map<string, ChildProcess>();

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
      for (const child of this.#busy.values()) send(child, { type: "cancel" });
    }
    return this.#state;
  }

  /** Stacks running now. */
  get running(): number {
    return this.#busy.size;
  }

  /** Runs every job; answers their results in the jobs' order (`not run` for those an interrupt kept from starting). */
  async run(): Promise<StackResult[]> {
    const results = new Array<StackResult | undefined>(this.jobs.length);
    let next = 0;
    // A lane runs one stack at a time in its own worker, which it starts again after a worker died.
    const lane = async (): Promise<void> => {
      let worker: ChildProcess | undefined;
      try {
        while (next < this.jobs.length && this.#state === "running") {
          const k = next++;
          const job = this.jobs[k] as StackJob;
          if (
            worker === undefined ||
            worker.exitCode !== null ||
            worker.signalCode !== null ||
            !worker.connected
          )
            worker = startWorker();
          this.events.started(job);
          const result = await this.#runOne(worker, job);
          results[k] = result;
          this.events.finished(result);
        }
      } finally {
        if (worker?.connected) worker.disconnect();
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.parallel, this.jobs.length) }, lane));
    return this.jobs.map((job, k) => {
      const done = results[k];
      if (done) return done;
      const result = bareResult(job, "not run", "an interrupt stopped the fleet before this stack started");
      this.events.finished(result);
      return result;
    });
  }

  /** One stack in `worker`; a worker that ends without a result is a failed row. */
  #runOne(worker: ChildProcess, job: StackJob): Promise<StackResult> {
    return new Promise((resolve) => {
      this.#busy.set(job.stack.id, worker);
      let stderr = "";
      const onStderr = (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
      };
      const done = (result: StackResult) => {
        worker.stderr?.off("data", onStderr);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        this.#busy.delete(job.stack.id);
        resolve(result);
      };
      const onMessage = (message: FromWorker) => {
        if (message.type === "progress") this.events.progress(job, message.completed);
        else done(message.result);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        const how = signal ? `signal ${signal}` : `exit code ${code}`;
        const last = stderr.trim().split("\n").pop() ?? "";
        void appendFile(job.logFile, `\n# the worker ended without a result (${how})\n${stderr}`)
          .catch(() => {})
          .then(() =>
            done({
              ...bareResult(
                job,
                "failed",
                `the process running this stack ended without a result (${how})${last ? `: ${last}` : ""}`,
              ),
              log: job.logName,
            }),
          );
      };
      worker.stderr?.on("data", onStderr);
      worker.on("message", onMessage);
      worker.on("exit", onExit);
      send(worker, { type: "run", job });
      // A cancel asked for before this stack started reaches it too.
      if (this.#state === "cancelling") send(worker, { type: "cancel" });
    });
  }
}

/** A result with nothing but its status and cause. */
function bareResult(job: StackJob, status: StackResult["status"], cause: string): StackResult {
  const { id, project, stack, folder } = job.stack;
  return {
    id,
    project,
    stack,
    folder,
    status,
    cause,
    changeSummary: {},
    changes: [],
    unlocatedChanges: 0,
    policy: [],
  };
}

function send(child: ChildProcess, message: ToWorker): void {
  if (child.connected) child.send(message);
}
