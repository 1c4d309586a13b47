// The process that runs one stack for the fleet. The fleet starts it in a process group of its own, so a
// Ctrl-C at the terminal reaches the fleet alone, which decides what the running stacks do: go on to
// their end (the first Ctrl-C), or be cancelled (the second, sent here as `cancel`). When the fleet is
// gone (killed), the worker cancels its stack too, so the engine ends cleanly and releases the stack's lock.
import type { FromWorker, ToWorker } from "./stack-job";

if (require.main === module) {
  const controller = new AbortController();
  const send = (message: FromWorker) =>
    new Promise<void>((resolve) => {
      if (!process.connected) return resolve();
      process.send?.(message, undefined, {}, () => resolve());
    });
  process.on("disconnect", () => controller.abort());
  // Signals from the fleet's group never reach here; one sent to this process alone cancels as `cancel` does.
  process.on("SIGINT", () => controller.abort());
  process.on("SIGTERM", () => controller.abort());
  process.on("message", (message: ToWorker) => {
    if (message.type === "cancel") {
      controller.abort();
      return;
    }
    let last = 0;
    void import("./run-stack.js")
      .then(({ runStack }) =>
        runStack(message.job, controller.signal, (completed) => {
          const now = Date.now();
          if (now - last < 1000) return;
          last = now;
          void send({ type: "progress", completed });
        }),
      )
      .then(async (result) => {
        await send({ type: "result", result });
        process.exit(0);
      })
      .catch((e: unknown) => {
        process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
        process.exit(1);
      });
  });
}
