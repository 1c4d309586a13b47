// The independent oracle: the emulator keeps its own validation rules on purpose (never the SDK's or the provider's), so tests compare two readings of the spec.
import { isIP } from "node:net";
import { z } from "zod";
import { ApiError } from "./api-error";

/** E.164: `+`, then 8–15 digits, the first not 0 (decision N3). */
export const E164_RE = /^\+[1-9]\d{7,14}$/;
/** Bridge slug (decision B1). */
export const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const HOSTNAME_LABEL_RE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Strip the separators the platform ignores in phone numbers (decision N3). */
export function normalizePhone(value: string): string {
  return value.replace(/[\s\-.()]/g, "");
}

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length (decision T3). */
export function isIpOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split("/");
  if (rest.length > 0 || address === undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A host name, an IP address, or a `sip:`/`sips:` URI (decision T3). */
export function isSipTarget(value: string): boolean {
  if (/^sips?:\S+$/i.test(value)) return true;
  const bare = value.startsWith("[") && value.endsWith("]") ? value.slice(1, -1) : value;
  if (isIP(bare) !== 0) return true;
  if (value.length > 253) return false;
  return value.split(".").every((label) => HOSTNAME_LABEL_RE.test(label));
}

const MESSAGES = {
  string: "must be a string",
  integer: "must be an integer",
};

/** A required-or-optional string with a length bound and a custom rule text. */
export const str = (max = 255) =>
  z
    .string({ error: MESSAGES.string })
    .min(1, { error: "must not be empty" })
    .max(max, {
      error: `must be at most ${max} characters`,
    });

/** A JSON integer (no numeric strings). */
export const int = () => z.number({ error: MESSAGES.integer }).int({ error: MESSAGES.integer });

/** An E.164 phone number, separators stripped first (decision N3). */
export const e164 = () =>
  z
    .string({ error: MESSAGES.string })
    .transform(normalizePhone)
    .refine((v) => E164_RE.test(v), { error: "must be an E.164 number such as +14155550100" });

/** Turn zod issues into `{field: rule}`, a missing required field reading "is required". */
function fieldsOf(error: z.ZodError, input: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    if (key in fields) continue;
    fields[key] = valueAt(input, issue.path) === undefined ? "is required" : issue.message;
  }
  return fields;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Validate a body against a schema; 400 `validation_error` naming every bad field (E3). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ApiError(400, "validation_error", "The request body is invalid", fieldsOf(result.error, body));
}

/** A page request: `null` when neither `page` nor `page_size` is given (decision L1). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

function pageParam(raw: unknown, field: string, max: number | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const bound = max === undefined ? "an integer >= 1" : `an integer from 1 to ${max}`;
  if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw)) {
    throw new ApiError(400, "validation_error", `${field} must be ${bound}`, { [field]: `must be ${bound}` });
  }
  const value = Number(raw);
  if (value < 1 || (max !== undefined && value > max)) {
    throw new ApiError(400, "validation_error", `${field} must be ${bound}`, { [field]: `must be ${bound}` });
  }
  return value;
}

/** Read `page`/`page_size` from a query string (decisions L1, L2). */
export function pageRequest(query: unknown): PageRequest | null {
  const q = (query ?? {}) as Record<string, unknown>;
  if (q.page === undefined && q.page_size === undefined) return null;
  const fields: Record<string, string> = {};
  let page = 1;
  let pageSize = 20;
  try {
    page = pageParam(q.page, "page", undefined, 1);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    Object.assign(fields, e.fields);
  }
  try {
    pageSize = pageParam(q.page_size, "page_size", 100, 20);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    Object.assign(fields, e.fields);
  }
  if (Object.keys(fields).length > 0) {
    throw new ApiError(400, "validation_error", "Invalid pagination parameters", fields);
  }
  return { page, pageSize };
}

/** Slice a list by a page request. */
export function paginate<T>(items: readonly T[], page: PageRequest | null): T[] {
  if (page === null) return [...items];
  const start = (page.page - 1) * page.pageSize;
  return items.slice(start, start + page.pageSize);
}
