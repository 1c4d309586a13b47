import { z } from "zod";
import { outputIsInput } from "./answer-check";

/**
 * The platform's success envelope `{status_code, message, data, count?}` around a `data` schema.
 * Loose: unknown keys pass, and `status_code`/`message`/`count` may be missing or null.
 */
export function envelope<S extends z.ZodType>(data: S) {
  return z.looseObject({
    status_code: z.number().int().nullish(),
    message: z.string().nullish(),
    data,
    count: z.number().int().nonnegative().nullish(),
  });
}

/** A list envelope; a bare JSON array is accepted as `{data: array}` (tolerance for list endpoints the spec shows without an envelope). */
export function listEnvelope<S extends z.ZodType>(item: S) {
  return z.preprocess((body) => (Array.isArray(body) ? { data: body } : body), envelope(z.array(item)));
}

const cache = new WeakMap<
  z.ZodType,
  { one?: z.ZodType; list?: z.ZodType; checkOne?: z.ZodType | null; checkList?: z.ZodType | null }
>();
/** The cache entry of `schema`, made empty on first use. */
function entryOf(schema: z.ZodType) {
  let entry = cache.get(schema);
  if (!entry) {
    entry = {};
    cache.set(schema, entry);
  }
  return entry;
}

/**
 * The (cached) envelope schema around `schema`, one record or a list of them, compiled with
 * `z.compile`: every answer is validated on zod's generated fast path, which accepts and rejects
 * exactly what the schema does; on a rejection zod runs the ordinary parser for the same issues.
 * Built on first use, so a client that never calls an endpoint never compiles its schema.
 */
export function envelopeOf(schema: z.ZodType, list: boolean): z.ZodType {
  const entry = entryOf(schema);
  if (list) {
    entry.list ??= z.compile(listEnvelope(schema));
    return entry.list;
  }
  entry.one ??= z.compile(envelope(schema));
  return entry.one;
}

/**
 * The compiled envelope to accept an answer with `validate` (no copy built), when the schema's
 * output is its input (answer-check.ts); `undefined` when it is not. For a list this is the
 * envelope without the bare-array tolerance: the caller wraps a bare array as `{data}` itself.
 */
export function envelopeCheckOf(schema: z.ZodType, list: boolean): z.ZodType | undefined {
  const entry = entryOf(schema);
  const build = (s: z.ZodType) => (outputIsInput(s) ? z.compile(s) : null);
  if (list) {
    if (entry.checkList === undefined) entry.checkList = build(envelope(z.array(schema)));
    return entry.checkList ?? undefined;
  }
  if (entry.checkOne === undefined) entry.checkOne = build(envelope(schema));
  return entry.checkOne ?? undefined;
}

/** An unwrapped list answer. */
export interface ListResult<T> {
  data: T[];
  /** Total records (`count`), or `undefined` when the platform did not say. */
  count: number | undefined;
}

const text = z.string().optional().catch(undefined);
const fieldMap = z
  .union([
    z
      .record(z.string(), z.unknown())
      .transform((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, describe(v)]))),
    z.array(z.unknown()).transform((a) => Object.fromEntries(a.map((v, i) => [String(i), describe(v)]))),
  ])
  .optional()
  .catch(undefined);

/**
 * Every error body the spec shows: `{error: {code, message, fields?}}` (general convention, 429,
 * chat 401), `{status_code, message}` (401) and `{message, errors?}` (206). Nothing here can fail.
 */
const ErrorBody = z.looseObject({
  error: z
    .looseObject({ code: text, message: text, fields: fieldMap, errors: fieldMap })
    .optional()
    .catch(undefined),
  message: text,
  errors: fieldMap,
});

/** What an error answer says, whatever its shape; a non-JSON body becomes a short message. */
export function errorDetails(body: unknown): {
  code: string | undefined;
  message: string | undefined;
  errors: Record<string, string> | undefined;
} {
  if (typeof body === "string") {
    const trimmed = body.trim();
    return { code: undefined, message: trimmed ? truncate(trimmed) : undefined, errors: undefined };
  }
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) return { code: undefined, message: undefined, errors: undefined };
  const { error, message, errors } = parsed.data;
  const fields = error?.fields ?? error?.errors ?? errors;
  return {
    code: error?.code,
    message: error?.message ?? message,
    errors: fields && Object.keys(fields).length > 0 ? fields : undefined,
  };
}

function describe(value: unknown): string {
  if (typeof value === "string") return truncate(value);
  if (Array.isArray(value)) return value.map(describe).join("; ");
  try {
    return truncate(JSON.stringify(value) ?? String(value));
  } catch {
    return "(unprintable)";
  }
}

/** Long bodies (an HTML proxy page) would bury the useful part of a message. */
function truncate(s: string, max = 300): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
