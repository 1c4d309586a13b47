import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  AbortError,
  AuthenticationError,
  BadRequestError,
  BusinessLogicError,
  ConflictError,
  ConnectionError,
  createApiError,
  InternalServerError,
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  redact,
  TimeoutError,
  VoiceApiError,
} from "../../../sdk";

const response = (status: number, body: unknown, extra: { retryAfterMs?: number; secrets?: string[] } = {}) =>
  createApiError({
    kind: "response",
    method: "POST",
    path: "/telephony/bridges/",
    status,
    body,
    headers: {},
    ...extra,
  });

describe("createApiError from an answer", () => {
  it.each([
    [206, BusinessLogicError],
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [503, InternalServerError],
    [504, InternalServerError],
  ])("maps %i to %s", (status, cls) => {
    const err = response(status, { error: { code: "x", message: "y" } });
    expect(err).toBeInstanceOf(cls);
    expect(err).toBeInstanceOf(VoiceApiError);
    expect(err).toBeInstanceOf(Error);
    expect(err.status).toBe(status);
    expect(err.name).toBe(cls.name);
  });

  it("keeps other statuses on the base class", () => {
    const err = response(405, { error: { code: "method_not_allowed" } });
    expect(err.constructor).toBe(VoiceApiError);
    expect(err.code).toBe("method_not_allowed");
  });

  it("writes method, path, status, code, message and fields into the message", () => {
    const err = response(400, {
      error: {
        code: "already_exists",
        message: 'A bridge with slug "x" already exists',
        fields: { slug: "taken" },
      },
    });
    expect(err.message).toBe(
      'POST /telephony/bridges/ → 400 already_exists: A bridge with slug "x" already exists (slug: taken)',
    );
    expect(err).toMatchObject({
      method: "POST",
      path: "/telephony/bridges/",
      code: "already_exists",
      platformMessage: 'A bridge with slug "x" already exists',
      errors: { slug: "taken" },
    });
  });

  it("reads the 401 shape {status_code, message}", () => {
    const err = response(401, { status_code: 401, message: "Invalid token" });
    expect(err.platformMessage).toBe("Invalid token");
    expect(err.code).toBeUndefined();
    expect(err.message).toBe("POST /telephony/bridges/ → 401 Invalid token");
  });

  it("reads the 206 shape {message, errors}, with list or object errors", () => {
    const a = response(206, { message: "Organization not found" });
    expect(a.platformMessage).toBe("Organization not found");
    const b = response(206, { message: "bad", errors: { documents: ["required", "too many"] } });
    expect(b.errors).toEqual({ documents: "required; too many" });
    const c = response(206, { message: "bad", errors: ["first", { x: 1 }] });
    expect(c.errors).toEqual({ 0: "first", 1: '{"x":1}' });
  });

  it("turns a text body into a short message and tolerates nonsense bodies", () => {
    expect(response(502, "<html>Bad gateway</html>").platformMessage).toBe("<html>Bad gateway</html>");
    expect(response(502, "x".repeat(1000)).platformMessage?.length).toBeLessThan(310);
    for (const body of [undefined, null, 42, [1, 2], { error: "flat string" }, { error: { code: 7 } }]) {
      const err = response(500, body);
      expect(err).toBeInstanceOf(InternalServerError);
      expect(err.message.startsWith("POST /telephony/bridges/ → 500")).toBe(true);
    }
  });

  it("carries retryAfterMs on a 429", () => {
    const err = response(
      429,
      { error: { code: "rate_limit_exceeded", message: "slow down" } },
      { retryAfterMs: 2000 },
    );
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfterMs).toBe(2000);
  });

  it("scrubs secrets the server echoes back", () => {
    const err = response(
      400,
      {
        error: {
          code: "invalid",
          message: "token tok-123456 rejected",
          fields: { auth_token: "tok-123456 is bad" },
        },
      },
      { secrets: ["tok-123456"] },
    );
    expect(err.message).not.toContain("tok-123456");
    expect(err.platformMessage).toBe("token [REDACTED] rejected");
    expect(err.errors).toEqual({ auth_token: "[REDACTED] is bad" });
    expect(inspect(err)).not.toContain("tok-123456");
  });
});

describe("createApiError without an answer", () => {
  const where = { method: "GET", path: "/spaces/" };

  it("connection failures say whether the request may have been sent", () => {
    const notSent = createApiError({
      kind: "connection",
      ...where,
      cause: new Error("x"),
      sent: false,
      code: "ECONNREFUSED",
    });
    expect(notSent).toBeInstanceOf(ConnectionError);
    expect((notSent as ConnectionError).sent).toBe(false);
    expect(notSent.message).toBe(
      "GET /spaces/ → connection failed (ECONNREFUSED) before the request was sent",
    );
    expect(notSent.status).toBeUndefined();
    const maybe = createApiError({
      kind: "connection",
      ...where,
      cause: undefined,
      sent: true,
      code: undefined,
    });
    expect(maybe.message).toBe("GET /spaces/ → connection failed after the request may have been sent");
  });

  it("timeout, abort, validation and argument errors", () => {
    expect(createApiError({ kind: "timeout", ...where, timeoutMs: 50 })).toBeInstanceOf(TimeoutError);
    expect(createApiError({ kind: "timeout", ...where, timeoutMs: 50 }).message).toBe(
      "GET /spaces/ → no answer within 50 ms",
    );
    expect(createApiError({ kind: "abort", ...where })).toBeInstanceOf(AbortError);
    const v = createApiError({
      kind: "validation",
      ...where,
      status: 200,
      issues: [
        { path: "data[3].numbers[0].number_id", message: "expected number, received string" },
        { path: "data[4].id", message: "expected number, received undefined" },
      ],
    });
    expect(v).toBeInstanceOf(ResponseValidationError);
    expect(v.message).toBe(
      "GET /spaces/ → 200 response did not match: data[3].numbers[0].number_id: expected number, received string (+1 more)",
    );
    expect((v as ResponseValidationError).issues).toHaveLength(2);
    const a = createApiError({ kind: "argument", ...where, field: "slug", reason: "must be a slug" });
    expect(a).toBeInstanceOf(InvalidArgumentError);
    expect(a).toMatchObject({ field: "slug", reason: "must be a slug" });
    expect(a.message).toBe("GET /spaces/: invalid argument slug: must be a slug");
  });
});

describe("redact", () => {
  it("replaces every occurrence and leaves very short secrets alone", () => {
    expect(redact("a-secret and a-secret", ["a-secret"])).toBe("[REDACTED] and [REDACTED]");
    expect(redact("abc", ["b"])).toBe("abc");
    expect(redact("nothing here", [])).toBe("nothing here");
  });
});
