import { z } from "zod";
import { createApiError } from "./errors";
import { canonicalIpOrCidr } from "./ip";
import { isSipUrl, SIP_URL_MAX } from "./sip-url";

// Argument rules (docs/spec-decisions.md). Each is a zod schema whose error text reads after
// the field name ("slug: must be …"); `check` turns the first failure into an InvalidArgumentError.
// These are the package's one set of rules: the provider's `check` (provider/runtime/fields.ts) builds on
// them. No message ever quotes the value it judges, so a rejected secret is never echoed.

/** A separator the platform ignores inside phone numbers (decision N3). */
const PHONE_SEPARATORS = /[\s\-.()]/g;
const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/** Removes the separators the platform ignores in phone numbers (N3): `+1 (415) 555-0100` → `+14155550100`. */
export const stripPhoneSeparators = (raw: string): string => raw.replace(PHONE_SEPARATORS, "");

/** A phone number in E.164 form; spaces, dashes, dots and parentheses are removed first (N3). */
export const E164 = z
  .string({ error: "must be a string" })
  .transform(stripPhoneSeparators)
  .pipe(z.string().regex(E164_PATTERN, { error: "must be an E.164 phone number such as +14155550100" }));

/** Returns the E.164 form of a phone number, or `undefined` when it is not one. */
export function normalizeE164(value: unknown): string | undefined {
  const r = E164.safeParse(value);
  return r.success ? r.data : undefined;
}

/** Bridge slug rule (decision B1). */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export const Slug = z.string({ error: "must be a string" }).regex(SLUG_PATTERN, {
  error: "must be 1-64 lowercase letters, digits or inner hyphens (e.g. support-line)",
});

/** A required text field: a string with something besides whitespace. */
export const NonEmpty = z
  .string({ error: "must be a non-empty string" })
  .refine((s) => s.trim().length > 0, { error: "must be a non-empty string" });

/** A name or account id: non-empty, at most 255 characters (B2, P1, T3). */
export const Text255 = NonEmpty.max(255, { error: "must be at most 255 characters" });

/**
 * A write-only secret (`auth_token`, `auth_password`): 1 to 255 characters, sent as given (P1, T6),
 * not whitespace alone (an unset variable's stray newline is never a credential).
 */
export const Secret255 = z
  .string({ error: "must be a string" })
  .min(1, { error: "must not be empty" })
  .max(255, { error: "must be at most 255 characters" })
  .refine((s) => s.trim().length > 0, { error: "must not be only whitespace" });

/** A value placed in a URL path segment (space token, agent handle…). */
export const PathSegment = z
  .string({ error: "must be a non-empty string" })
  .min(1, { error: "must be a non-empty string" })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: "must not contain control characters" });

/** A platform record id: a positive safe integer. */
export const Id = z
  .number({ error: "must be a positive integer" })
  .int({ error: "must be a positive integer" })
  .positive({ error: "must be a positive integer" })
  .max(Number.MAX_SAFE_INTEGER, { error: "must be a positive integer" });

const ID_LIKE_ERROR = "must be a positive integer id (decimal digits, e.g. 12)";
/**
 * A platform id given as a number or a string of decimal digits (ids cross Pulumi as strings),
 * parsed strictly: no sign, hex, exponent, fraction or inner whitespace; a positive safe integer.
 */
export const IdLike = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/, { error: ID_LIKE_ERROR }),
    ],
    {
      error: ID_LIKE_ERROR,
    },
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .int({ error: ID_LIKE_ERROR })
      .positive({ error: ID_LIKE_ERROR })
      .max(Number.MAX_SAFE_INTEGER, { error: ID_LIKE_ERROR }),
  );

/** SIP transport (decision T3). */
export const SipTransport = z.enum(["tcp", "udp", "tls"], { error: "must be one of tcp, udp, tls" });

const PORT_ERROR = "must be an integer from 1 to 65535";
/** A port as number or digit string; sent as the string the platform expects (T3). */
export const Port = z
  .union([z.number(), z.string().regex(/^\d{1,5}$/, { error: PORT_ERROR })], { error: PORT_ERROR })
  .transform((p) => Number(p))
  .pipe(z.number().int({ error: PORT_ERROR }).min(1, { error: PORT_ERROR }).max(65535, { error: PORT_ERROR }))
  .transform(String);

const IP_ERROR = "must be an IPv4/IPv6 address or CIDR (e.g. 203.0.113.7, 2001:db8::/32)";
/** An IPv4/IPv6 address, optionally with a CIDR suffix of at most 32/128 bits (T3); no zone id. */
export const IpOrCidr = z.string({ error: IP_ERROR }).refine((v) => canonicalIpOrCidr(v) !== undefined, {
  error: IP_ERROR,
});

/** A trunk's `sip_url` (T3, T6): a host name, an IP address, `[IPv6]`, or a `sip:`/`sips:` URI, ≤ 255. */
export const SipUrl = z
  .string({ error: "must be a string" })
  .max(SIP_URL_MAX, { error: `must be at most ${SIP_URL_MAX} characters` })
  .refine(isSipUrl, {
    error:
      "must be a host name, an IP address, [IPv6] or a sip:/sips: URI such as sip:user@pbx.example.com:5060",
  });

/** A value safe to put in an HTTP header: visible ASCII, inner spaces allowed, no CR/LF. */
export const HeaderValue = z
  .string({ error: "must be a non-empty string" })
  .regex(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/, {
    error: "must be non-empty visible ASCII without line breaks",
  });

/** `page` and `page_size` (L1/L2); the upper bound of `page_size` is left to the platform. */
export const PageParams = z.object(
  {
    page: z.number({ error: "must be a positive integer" }).int().positive().optional(),
    page_size: z.number({ error: "must be a positive integer" }).int().positive().optional(),
  },
  { error: "must be an object" },
);
export type PageParams = z.input<typeof PageParams>;

const MAX_TIMER_MS = 2_147_483_647;
/** A duration in ms that `setTimeout` accepts. */
export const DurationMs = z
  .number({ error: "must be a finite number of ms ≥ 0" })
  .min(0, { error: "must be a finite number of ms ≥ 0" })
  .max(MAX_TIMER_MS, { error: "must be at most 2147483647 ms" });

/** A non-negative integer count (retries). */
export const Count = z
  .number({ error: "must be an integer ≥ 0" })
  .int({ error: "must be an integer ≥ 0" })
  .min(0, { error: "must be an integer ≥ 0" })
  .max(100, { error: "must be at most 100" });

/** Per-call options, checked before anything is sent. */
export const RequestOptionsSchema = z
  .object(
    {
      signal: z.instanceof(AbortSignal, { error: "must be an AbortSignal" }).optional(),
      timeoutMs: DurationMs.positive({ error: "must be > 0" }).optional(),
      maxRetries: Count.optional(),
      maxRateLimitRetries: Count.optional(),
      orgHandle: HeaderValue.optional(),
      productId: HeaderValue.optional(),
    },
    { error: "must be an object" },
  )
  .optional();

/** Formats a zod issue path the way JS would address it: `data[3].numbers[0].number_id`. */
export function formatPath(path: readonly PropertyKey[], prefix = ""): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

/**
 * Parses `value` with `schema`; the first failure becomes an InvalidArgumentError whose `field`
 * is `field` plus the issue's path. Only InvalidArgumentError ever escapes.
 */
export function check<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(value) as z.ZodSafeParseResult<z.output<S>>;
  } catch {
    // A hostile object (a throwing getter or Proxy trap) must not escape as something else.
    throw createApiError({ kind: "argument", method: "", path: "", field, reason: "could not be read" });
  }
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw createApiError({
    kind: "argument",
    method: "",
    path: "",
    field: formatPath(issue?.path ?? [], field) || "params",
    reason: issue?.message ?? "is invalid",
  });
}
