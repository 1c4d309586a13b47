// A benchmark suite as `npm run bench` knows it: the flag that selects it, its own options, what
// `--help` says of it and how it runs. bench/suites.ts lists them; bench/main.ts parses the command
// line against that list and runs the one selected, and bench/usage.ts renders `--help` from it.

/** A command line `npm run bench` cannot run; its message says why, naming the option. */
export class BenchUsageError extends Error {}

/** One option of a suite: its parseArgs type and its line of `--help`. */
export interface SuiteOption {
  type: "string" | "boolean";
  multiple?: boolean;
  /** The value's name in `--help` (a string option's), e.g. `N`. */
  value?: string;
  /** What the option does. */
  help: string;
  /** The option alone selects its suite (as `--scale-max N` selects `--scale`). */
  selects?: boolean;
}

/** The command line as parsed against every suite's options. */
export type BenchValues = Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;

/** One suite of `npm run bench`. */
export interface BenchSuite {
  /** The flag selecting it, without `--`; none for the full run. */
  flag?: string;
  /** What it runs and where it writes, one paragraph. */
  usage: string;
  /** The options it takes besides its flag, by name without `--`. */
  options: Readonly<Record<string, SuiteOption>>;
  run(values: BenchValues): Promise<void>;
}

/** `--name` given (a boolean set, or a string with any value). */
export function given(values: BenchValues, name: string): boolean {
  const v = values[name];
  return v !== undefined && v !== false;
}

/** The value of string option `name`, if given. */
export function text(values: BenchValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === "string" ? v : undefined;
}

/** The values of repeatable string option `name`. */
export function texts(values: BenchValues, name: string): string[] {
  const v = values[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

/** String option `name` as a number (`1_000` allowed), or `fallback` when not given. */
export function count<T extends number | undefined>(
  values: BenchValues,
  name: string,
  fallback: T,
): number | T {
  const v = text(values, name);
  if (v === undefined) return fallback;
  const n = Number(v.replace(/_/g, ""));
  if (!Number.isFinite(n)) throw new BenchUsageError(`--${name} must be a number; got ${v}`);
  return n;
}

/** String option `name`, one of `allowed`, or `fallback` when not given. */
export function oneOf<T extends string>(
  values: BenchValues,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const v = text(values, name) ?? fallback;
  if (!(allowed as readonly string[]).includes(v))
    throw new BenchUsageError(`--${name} must be one of ${allowed.join(", ")}; got ${v}`);
  return v as T;
}
