// Generated traffic writes three timestamps per call, hundreds of thousands at a time, and
// `Date.prototype.toISOString` costs over a microsecond each: most of the generation. Calls of one
// day share the date, so it is formatted once per day and the time of day by table.

const DAY_MS = 86_400_000;
const pad = (width: number) => Array.from({ length: 10 ** width }, (_, i) => String(i).padStart(width, "0"));
const TWO = pad(2);
const THREE = pad(3);

/** Formats epoch milliseconds as `Date.prototype.toISOString` does (UTC, milliseconds, `Z`). */
export class IsoTimeFormatter {
  readonly #days = new Map<number, string>();

  /** The ISO 8601 form of `ms`, a whole number of milliseconds within the years 0–9999. */
  format(ms: number): string {
    const day = Math.floor(ms / DAY_MS);
    let date = this.#days.get(day);
    if (date === undefined) {
      date = new Date(day * DAY_MS).toISOString().slice(0, 11);
      this.#days.set(day, date);
    }
    let rest = ms - day * DAY_MS;
    const hours = Math.floor(rest / 3_600_000);
    rest -= hours * 3_600_000;
    const minutes = Math.floor(rest / 60_000);
    rest -= minutes * 60_000;
    const seconds = Math.floor(rest / 1000);
    const millis = rest - seconds * 1000;
    return `${date}${TWO[hours]}:${TWO[minutes]}:${TWO[seconds]}.${THREE[millis]}Z`;
  }
}
