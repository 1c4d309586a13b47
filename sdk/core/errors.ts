import { errorDetails } from "./envelope";

/** Header values as undici hands them over (lower-case names). */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

/** One failed check of a response body against its schema. */
export interface ValidationIssue {
  /** Dotted path into the response body, e.g. `data[3].numbers[0].number_id`. */
  path: string;
  message: string;
}

/** Fields every SDK error carries. */
interface BaseInit {
  method: string;
  path: string;
  status?: number | undefined;
  platformMessage?: string | undefined;
  code?: string | undefined;
  errors?: Record<string, string> | undefined;
  cause?: unknown;
}

/** Base class of every error the SDK throws; `path` is relative to the API base, without query. */
export class VoiceApiError extends Error {
  override name = "VoiceApiError";
  /** HTTP method of the failed operation (empty for client configuration errors). */
  readonly method: string;
  /** Path below the API base, without host or query (a route template for argument errors). */
  readonly path: string;
  /** HTTP status, when an answer arrived. */
  readonly status: number | undefined;
  /** The platform's own message, secrets removed. */
  readonly platformMessage: string | undefined;
  /** The platform's error code, e.g. `already_exists`. */
  readonly code: string | undefined;
  /** Field → message, when the platform named invalid fields. */
  readonly errors: Record<string, string> | undefined;

  constructor(message: string, init: BaseInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.platformMessage = init.platformMessage;
    this.code = init.code;
    this.errors = init.errors;
  }
}

/** 400: invalid parameters, or a refused operation (`code` says which). */
export class BadRequestError extends VoiceApiError {
  override name = "BadRequestError";
}
/** 401: token missing, invalid or expired. */
export class AuthenticationError extends VoiceApiError {
  override name = "AuthenticationError";
}
/** 403: the token may not use this organization or resource. */
export class PermissionDeniedError extends VoiceApiError {
  override name = "PermissionDeniedError";
}
/** 404: unknown, or outside the caller's organization. */
export class NotFoundError extends VoiceApiError {
  override name = "NotFoundError";
}
/** 409: conflicting state. */
export class ConflictError extends VoiceApiError {
  override name = "ConflictError";
}
/** 206: a business-logic failure reported with a success-class status. */
export class BusinessLogicError extends VoiceApiError {
  override name = "BusinessLogicError";
}
/** 5xx: server-side failure. */
export class InternalServerError extends VoiceApiError {
  override name = "InternalServerError";
}

/** 429: rate limit exceeded (after the SDK's own retries). */
export class RateLimitError extends VoiceApiError {
  override name = "RateLimitError";
  /** The server's `Retry-After`, in ms, when it sent one. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, init: BaseInit & { retryAfterMs: number | undefined }) {
    super(message, init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** The connection failed; `sent` tells whether the request may have reached the server. */
export class ConnectionError extends VoiceApiError {
  override name = "ConnectionError";
  readonly sent: boolean;
  constructor(message: string, init: BaseInit & { sent: boolean }) {
    super(message, init);
    this.sent = init.sent;
  }
}

/** No complete answer within `timeoutMs`; the request may have been processed. */
export class TimeoutError extends VoiceApiError {
  override name = "TimeoutError";
}

/** The caller's `AbortSignal` fired. */
export class AbortError extends VoiceApiError {
  override name = "AbortError";
}

/** A success answer whose body did not match the expected shape. */
export class ResponseValidationError extends VoiceApiError {
  override name = "ResponseValidationError";
  readonly issues: readonly ValidationIssue[];
  constructor(message: string, init: BaseInit & { issues: ValidationIssue[] }) {
    super(message, init);
    this.issues = init.issues;
  }
}

/** An argument was rejected before anything was sent. */
export class InvalidArgumentError extends VoiceApiError {
  override name = "InvalidArgumentError";
  /** Argument path, e.g. `slug`, `source_ips[1]`, `options.timeoutMs`. */
  readonly field: string;
  /** Which rule the argument broke, e.g. `must be an E.164 number`. */
  readonly reason: string;
  constructor(message: string, init: BaseInit & { field: string; reason: string }) {
    super(message, init);
    this.field = init.field;
    this.reason = init.reason;
  }
}

/** What went wrong, as the transport observed it; the input of {@link createApiError}. */
export type ApiErrorInit =
  | {
      kind: "response";
      method: string;
      path: string;
      status: number;
      body: unknown;
      headers: ResponseHeaders;
      retryAfterMs?: number | undefined;
      secrets?: readonly string[];
    }
  | {
      kind: "connection";
      method: string;
      path: string;
      cause: unknown;
      sent: boolean;
      code?: string | undefined;
    }
  | { kind: "timeout"; method: string; path: string; timeoutMs: number; cause?: unknown }
  | { kind: "abort"; method: string; path: string; cause?: unknown }
  | { kind: "validation"; method: string; path: string; status: number; issues: ValidationIssue[] }
  | { kind: "argument"; method: string; path: string; field: string; reason: string };

/** The one place SDK errors are made: picks the class and writes a message naming method, path and status. */
export function createApiError(init: ApiErrorInit): VoiceApiError {
  const where = `${init.method} ${init.path}`.trim();
  switch (init.kind) {
    case "connection": {
      const code = init.code === undefined ? "" : ` (${init.code})`;
      const when = init.sent ? "after the request may have been sent" : "before the request was sent";
      return new ConnectionError(`${where} → connection failed${code} ${when}`, { ...init, code: init.code });
    }
    case "timeout":
      return new TimeoutError(`${where} → no answer within ${init.timeoutMs} ms`, init);
    case "abort":
      return new AbortError(`${where} → aborted by the caller`, init);
    case "validation": {
      const first = init.issues[0];
      const detail = first === undefined ? "unexpected body" : `${first.path || "(body)"}: ${first.message}`;
      const more = init.issues.length > 1 ? ` (+${init.issues.length - 1} more)` : "";
      return new ResponseValidationError(
        `${where} → ${init.status} response did not match: ${detail}${more}`,
        init,
      );
    }
    case "argument":
      return new InvalidArgumentError(
        `${where ? `${where}: ` : ""}invalid argument ${init.field}: ${init.reason}`,
        {
          method: init.method,
          path: init.path,
          field: init.field,
          reason: init.reason,
        },
      );
    case "response":
      return fromResponse(init);
  }
}

function fromResponse(init: Extract<ApiErrorInit, { kind: "response" }>): VoiceApiError {
  const secrets = init.secrets ?? [];
  const details = errorDetails(init.body);
  const platformMessage = details.message === undefined ? undefined : redact(details.message, secrets);
  const errors =
    details.errors === undefined
      ? undefined
      : Object.fromEntries(Object.entries(details.errors).map(([k, v]) => [k, redact(v, secrets)]));
  const code = details.code;
  const fields =
    errors === undefined
      ? ""
      : ` (${Object.entries(errors)
          .map(([k, v]) => `${k}: ${v}`)
          .join("; ")})`;
  const text = [code, platformMessage].filter((s) => s !== undefined && s !== "").join(": ");
  const message = `${init.method} ${init.path} → ${init.status}${text ? ` ${text}` : ""}${fields}`;
  const base = { method: init.method, path: init.path, status: init.status, platformMessage, code, errors };
  const s = init.status;
  if (s === 206) return new BusinessLogicError(message, base);
  if (s === 400) return new BadRequestError(message, base);
  if (s === 401) return new AuthenticationError(message, base);
  if (s === 403) return new PermissionDeniedError(message, base);
  if (s === 404) return new NotFoundError(message, base);
  if (s === 409) return new ConflictError(message, base);
  if (s === 429) return new RateLimitError(message, { ...base, retryAfterMs: init.retryAfterMs });
  if (s >= 500 && s <= 599) return new InternalServerError(message, base);
  return new VoiceApiError(message, base);
}

/** Secrets shorter than this are not scrubbed: replacing them would mangle ordinary words. */
const MIN_SECRET_LENGTH = 4;

/** Replaces every occurrence of each secret with `[REDACTED]`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join("[REDACTED]");
  }
  return out;
}
