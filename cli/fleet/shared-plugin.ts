// A fleet lane's provider plugin: started once, the engines of the lane's stacks attach to it
// (PULUMI_DEBUG_PROVIDERS) one stack at a time, instead of each starting a plugin of its own. The
// plugin starts each engine's run afresh (`provider/plugin/engine-run.ts`); its requests are counted in
// a log of the lane's, moved into the stack's own when the stack ends; a plugin that ended is started
// again for the next stack.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFile, readFile, rm, writeFile } from "node:fs/promises";
import { countRequests, REQUEST_LOG_ENV } from "../../provider/connection/request-log";
import { compileCacheEnv } from "../compile-cache";

/** The engine's variable naming providers to attach to, `<package>:<port>[,…]`. */
export const DEBUG_PROVIDERS_ENV = "PULUMI_DEBUG_PROVIDERS";

/** The most of the plugin's stderr kept, to say why it ended. */
const STDERR_TAIL = 2000;

/** The running plugin: its process, the port it serves on, and how it ended once it has. */
interface Running {
  executable: string;
  child: ChildProcess;
  port: Promise<number>;
  ended?: string;
}

export class SharedPlugin {
  #running: Running | undefined;
  #stderr = "";

  /** `requestLog`: the lane's log of the plugin's requests, one stack's at a time. */
  constructor(private readonly requestLog: string) {}

  /**
   * The variables that make a stack's engine attach to a running plugin of `executable` (started, or
   * started again when the last one ended or was another executable), `existing` the user's own list.
   */
  async envFor(executable: string, existing: string | undefined): Promise<Record<string, string>> {
    const running = this.#running;
    if (running && (running.ended !== undefined || running.executable !== executable)) this.stop();
    this.#running ??= this.#start(executable);
    const port = await this.#running.port;
    const others = (existing ?? "").split(",").filter((p) => p !== "" && !p.startsWith("voice:"));
    return { [DEBUG_PROVIDERS_ENV]: [...others, `voice:${port}`].join(",") };
  }

  /** How the plugin ended (exit code or signal, and its last words), or undefined while it runs. */
  get ended(): string | undefined {
    return this.#running?.ended;
  }

  /** The running plugin's process id, if one runs. */
  get pid(): number | undefined {
    return this.#running?.ended === undefined ? this.#running?.child.pid : undefined;
  }

  /** A stack begins: the lane's log holds nothing of the stacks before it. */
  async begin(): Promise<void> {
    await writeFile(this.requestLog, "");
  }

  /** A stack ended: the plugin's requests during it go to the stack's own log (`into`); answers how many. */
  async collect(into: string): Promise<number> {
    const text = await readFile(this.requestLog, "utf8").catch(() => "");
    await writeFile(this.requestLog, "");
    if (text !== "") await appendFile(into, text);
    return countRequests(text).requests;
  }

  /** Ends the plugin (the lane ends, or it serves another executable). */
  stop(): void {
    const running = this.#running;
    this.#running = undefined;
    if (running && running.ended === undefined && running.child.exitCode === null) running.child.kill();
  }

  /** Ends the plugin, waiting for its exit (so the lane accounts for it), and removes the lane's log. */
  async close(): Promise<void> {
    const child = this.#running?.child;
    const exited =
      child && child.exitCode === null && child.signalCode === null
        ? new Promise<void>((resolve) => child.once("exit", () => resolve()))
        : Promise.resolve();
    this.stop();
    await exited;
    await rm(this.requestLog, { force: true });
  }

  #start(executable: string): Running {
    this.#stderr = "";
    const child = spawn(executable, [], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...compileCacheEnv(), [REQUEST_LOG_ENV]: this.requestLog },
    });
    const running: Running = { executable, child, port: Promise.resolve(0) };
    child.stderr?.on("data", (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    running.port = new Promise<number>((resolve, reject) => {
      let out = "";
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split("\n")[0] ?? "";
        if (!out.includes("\n")) return;
        child.stdout?.off("data", onData);
        // The rest of its output is read and dropped, so the plugin never blocks on a full pipe.
        child.stdout?.resume();
        const port = Number(line.trim());
        if (Number.isInteger(port) && port > 0) resolve(port);
        else reject(new Error(`the provider plugin ${executable} printed no port: ${line}`));
      };
      child.stdout?.on("data", onData);
      child.on("error", (err) => {
        running.ended = err.message;
        reject(new Error(`the provider plugin ${executable} did not start: ${err.message}`));
      });
      child.on("exit", (code, signal) => {
        const last = this.#stderr.trim().split("\n").pop() ?? "";
        running.ended = `${signal ? `signal ${signal}` : `exit code ${code}`}${last ? `: ${last}` : ""}`;
        reject(new Error(`the provider plugin ${executable} ended before serving (${running.ended})`));
      });
    });
    // A rejection no stack awaits yet (the plugin died between stacks) is read when the next one asks.
    running.port.catch(() => {});
    return running;
  }
}
