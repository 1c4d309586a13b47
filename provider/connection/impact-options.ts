import { z } from "zod";

const positive = z.number({ error: "must be a number" }).finite({ error: "must be a finite number" });
const count = z.number({ error: "must be an integer" }).int({ error: "must be an integer" });

/** What an impact read looks at: how far back, what counts as recent, how much it may read, what makes a number high. */
export const ImpactOptions = z.strictObject(
  {
    /** How many days of call records to read. */
    windowDays: positive.gt(0, { error: "must be greater than 0" }).default(7),
    /** Calls within this many hours are recent. */
    recentHours: positive.gt(0, { error: "must be greater than 0" }).default(24),
    /** The most call records one organization's read may fetch (newest first). */
    maxCalls: count.gt(0, { error: "must be greater than 0" }).default(50_000),
    /** Recent calls that make a number high. */
    highCalls: count.min(1, { error: "must be at least 1" }).default(1),
    /** The moment the read is judged from (tests); the clock's when absent. */
    now: z.date({ error: "must be a Date" }).optional(),
  },
  { error: "must be an object" },
);
export type ImpactOptionsInput = z.input<typeof ImpactOptions>;
export type ImpactOptions = z.output<typeof ImpactOptions>;

/** A refused value as the message shows it: numbers as written (NaN, Infinity), dates in ISO form. */
function shown(value: unknown): string {
  if (typeof value === "number" || value === undefined) return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "an invalid Date" : value.toISOString();
  return JSON.stringify(value) ?? String(value);
}

/** The options checked once, before any request: a bad one throws naming the option, the rule and the value. */
export function parseImpactOptions(input: unknown = {}): ImpactOptions {
  const read = ImpactOptions.safeParse(input);
  if (read.success) return read.data;
  const issue = read.error.issues[0];
  if (issue?.code === "unrecognized_keys") {
    const known = Object.keys(ImpactOptions.shape).join(", ");
    throw new Error(`impact option ${issue.keys.join(", ")}: is not an option (the options are ${known})`);
  }
  const option = issue?.path.map(String).join(".") ?? "";
  if (option === "")
    throw new Error(`impact options: ${issue?.message ?? "are invalid"} (got ${shown(input)})`);
  const value = (input as Record<string, unknown>)[option];
  throw new Error(`impact option ${option}: ${issue?.message ?? "is invalid"} (got ${shown(value)})`);
}
