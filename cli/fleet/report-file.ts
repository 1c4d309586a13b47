// The JSON report on disk. A run writes it when it starts and again as each stack ends, each time whole
// (to a temporary file, then renamed over), so a job killed part-way leaves a report a merge can read:
// the stacks it finished, and the others still pending or running.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { exitCode } from "./exit-code";
import { type FleetReport, parseFleetReport } from "./fleet-report";

/** Writes `report` to `file` atomically, with its exit code beside it for scripts. */
export async function writeReport(file: string, report: FleetReport): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const body = report.complete ? { ...report, exitCode: exitCode(report) } : report;
  await writeFile(temporary, `${JSON.stringify(body, null, 2)}\n`);
  await rename(temporary, file);
}

/** Reads a report file; throws one line naming the file. */
export async function readReport(file: string): Promise<FleetReport> {
  const text = await readFile(file, "utf8").catch((e: NodeJS.ErrnoException) => {
    throw new Error(`${file}: cannot be read (${e.code ?? e.message})`);
  });
  return parseFleetReport(text, file);
}

/**
 * Serializes writes of one report file: each write starts after the one before, and only the latest
 * report waiting is written (a burst of finished stacks costs one write, not one each).
 */
export class ReportWriter {
  #chain: Promise<void> = Promise.resolve();
  #waiting: FleetReport | undefined;

  constructor(private readonly file: string) {}

  /** Queues `report` to be written. */
  write(report: FleetReport): Promise<void> {
    const first = this.#waiting === undefined;
    this.#waiting = structuredClone(report);
    if (first)
      this.#chain = this.#chain.then(async () => {
        const latest = this.#waiting;
        this.#waiting = undefined;
        if (latest) await writeReport(this.file, latest);
      });
    return this.#chain;
  }
}
