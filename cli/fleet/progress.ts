// Progress a person can follow on a long run, on stderr (stdout carries the report): a line per finished
// stack, and every few seconds where the run stands — done, running, failed, elapsed, the slowest running
// stack. It names stacks, results and causes only: never configuration, so nothing secret.
import type { StackResult } from "./fleet-report";
import { OPERATIONS, type Operation } from "./operations";
import type { StackJob } from "./stack-job";

/** `m:ss` (or `h:mm:ss`) of a span in milliseconds. */
export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

const MARKS: Record<StackResult["status"], string> = {
  clean: "✓",
  changes: "~",
  failed: "✗",
  cancelled: "■",
  "not run": "-",
  pending: " ",
  running: "…",
};

export class Progress {
  readonly #started = Date.now();
  readonly #running = new Map<string, { since: number; completed: number }>();
  #done = 0;
  #failed = 0;
  #changed = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly operation: Operation,
    private readonly total: number,
    private readonly everyMs: number,
    private readonly write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {}

  /** Starts the periodic summary. */
  begin(title: string): void {
    this.#say(`${title}: ${this.total} ${this.total === 1 ? "stack" : "stacks"}`);
    this.#timer = setInterval(() => this.#say(this.summary()), this.everyMs);
    this.#timer.unref();
  }

  started(job: StackJob): void {
    this.#running.set(job.stack.id, { since: Date.now(), completed: 0 });
  }

  progress(job: StackJob, completed: number): void {
    const running = this.#running.get(job.stack.id);
    if (running) running.completed = completed;
  }

  finished(result: StackResult): void {
    this.#running.delete(result.id);
    this.#done++;
    if (result.status === "failed") this.#failed++;
    if (result.status === "changes") this.#changed++;
    const words = OPERATIONS[this.operation].words;
    const what =
      result.status === "clean" ? words.clean : result.status === "changes" ? words.changes : result.status;
    const rows = result.changes.length;
    const detail = [
      result.durationMs === undefined ? undefined : `${(result.durationMs / 1000).toFixed(1)} s`,
      result.requests === undefined ? undefined : `${result.requests} requests`,
      rows > 0 ? `${rows} ${rows === 1 ? "property" : "properties"}` : undefined,
    ].filter(Boolean);
    this.#say(
      `${MARKS[result.status]} ${result.id}: ${what}${result.cause ? `: ${result.cause}` : ""}${detail.length ? ` (${detail.join(", ")})` : ""}`,
    );
  }

  /** Says `line` with the elapsed time. */
  note(line: string): void {
    this.#say(line);
  }

  /** Where the run stands. */
  summary(): string {
    const now = Date.now();
    const slowest = [...this.#running.entries()].sort((a, b) => a[1].since - b[1].since)[0];
    const parts = [
      `${this.#done}/${this.total} done`,
      `${this.#running.size} running`,
      `${this.#failed} failed`,
      `${this.#changed} ${OPERATIONS[this.operation].words.changes}`,
    ];
    if (slowest)
      parts.push(
        `slowest: ${slowest[0]} ${clock(now - slowest[1].since)}${slowest[1].completed ? ` (${slowest[1].completed} ${slowest[1].completed === 1 ? "resource" : "resources"} done)` : ""}`,
      );
    return parts.join(" · ");
  }

  end(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#say(`finished: ${this.summary()}`);
  }

  #say(line: string): void {
    this.write(`[${clock(Date.now() - this.#started)}] ${line}`);
  }
}
