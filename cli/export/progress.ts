/** Progress lines on stderr, so stdout stays for what the user runs next. */
export class Progress {
  readonly #started = Date.now();
  #lastTick = 0;

  constructor(private readonly write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {}

  /** Seconds since the export started, e.g. `1.2 s`. */
  elapsed(): string {
    return `${((Date.now() - this.#started) / 1000).toFixed(1)} s`;
  }

  /** One line. */
  say(line: string): void {
    this.write(`[${this.elapsed()}] ${line}`);
  }

  /** Reports a listing read and passes it on. */
  read<T>(what: string, records: T[]): T[] {
    this.say(`read ${records.length} ${what}`);
    return records;
  }

  /** Reports `done` of `total`, at most once a second and at the end. */
  tick(what: string, done: number, total: number): void {
    const now = Date.now();
    if (done < total && now - this.#lastTick < 1000) return;
    this.#lastTick = now;
    this.say(`${what}: ${done}/${total}`);
  }
}
