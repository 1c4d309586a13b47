import type { FastifyInstance } from "fastify";
import { ApiError } from "./envelope";

/** A request body as received: its content type and text, parsed later by the handler. */
export class RawBody {
  constructor(
    readonly contentType: string,
    readonly text: string,
  ) {}
}

/**
 * Replace Fastify's parsers with one that keeps every body as text. Handlers decide what a bad
 * body means (decision E9), so parse errors never escape as framework errors or 415s.
 */
export function installBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (request, body, done) => {
    done(null, new RawBody(String(request.headers["content-type"] ?? ""), String(body)));
  });
}

function isJsonType(contentType: string): boolean {
  const essence = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return essence === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(essence);
}

/** The body as a JSON object, or 400 `invalid_request` (decision E9). */
export function jsonObject(body: unknown): Record<string, unknown> {
  if (!(body instanceof RawBody) || body.text.trim() === "") {
    throw new ApiError(400, "invalid_request", "The request body must be a JSON object");
  }
  if (!isJsonType(body.contentType)) {
    throw new ApiError(
      400,
      "invalid_request",
      "The request body must be sent as Content-Type: application/json",
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(body.text);
  } catch {
    throw new ApiError(400, "invalid_request", "The request body is not valid JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiError(400, "invalid_request", "The request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}
