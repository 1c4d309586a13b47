// A process that runs stacks for the fleet, one at a time, as the fleet sends them. The fleet keeps one
// per lane (`--parallel`), so loading the Automation API is paid once per lane, not once per stack, and
// the fleet's memory follows the parallelism, not the fleet's size. It runs in a process group of its
// own, so a Ctrl-C at the terminal reaches the fleet alone, which decides what the running stacks do: go
// on to their end (the first Ctrl-C), or be cancelled (the second, sent here as `cancel`). When the fleet
// is gone (killed), the worker cancels its stack too, so the engine ends cleanly and releases the lock.
import { type ChildProcess, spawn } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { isSea } from "node:sea";
import { SharedPlugin } from "./shared-plugin";
import type { FromWorker, StackJob, ToWorker } from "./stack-job";
import { WORKER_COMMAND } from "./worker-command";

/** A worker process: in a process group of its own (`detached`), so a terminal's Ctrl-C reaches the fleet alone. */
export function startWorker(): ChildProcess {
  const args = isSea() ? [WORKER_COMMAND] : [path.join(__dirname, "..", "main.js"), WORKER_COMMAND];
  const child = spawn(process.execPath, args, { detached: true, stdio: ["ignore", "ignore", "pipe", "ipc"] });
  child.on("error", () => {});
  return child;
}

/** Serves the fleet's jobs over the IPC channel until the fleet disconnects. */
export function runWorker(): void {
  let current: AbortController | undefined;
  let queue: Promise<void> = Promise.resolve();
  // The lane's provider plugin, for the jobs that share one (started by the first of them).
  const plugin = new SharedPlugin(path.join(tmpdir(), `pulumi-voice-fleet-plugin-${process.pid}.requests`));
  process.on("exit", () => plugin.stop());
  const send = (message: FromWorker) =>
    new Promise<void>((resolve) => {
      if (!process.connected) return resolve();
      process.send?.(message, undefined, {}, () => resolve());
    });
  const cancel = () => current?.abort();
  process.on("disconnect", () => {
    cancel();
    // Whatever runs ends cancelled; then nothing is left to do.
    void queue.then(() => plugin.close()).then(() => process.exit(0));
  });
  // Signals from the fleet's group never reach here; one sent to this process alone cancels as `cancel` does.
  process.on("SIGINT", cancel);
  process.on("SIGTERM", cancel);
  process.on("message", (message: ToWorker) => {
    if (message.type === "cancel") return cancel();
    queue = queue.then(() => runOne(message.job));
  });

  async function runOne(job: StackJob): Promise<void> {
    const controller = new AbortController();
    current = controller;
    let last = 0;
    try {
      const { runStack } = await import("./run-stack.js");
      const result = await runStack(
        job,
        controller.signal,
        (completed) => {
          const now = Date.now();
          if (now - last < 1000) return;
          last = now;
          void send({ type: "progress", completed });
        },
        plugin,
      );
      await send({ type: "result", result });
    } catch (e) {
      // runStack answers every failure as a result; reaching here is a bug: the fleet records the exit.
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(1);
    } finally {
      current = undefined;
    }
  }
}
