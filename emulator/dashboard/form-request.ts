import { RawBody } from "../http/body";
import { ApiError } from "../http/envelope";

// What a dashboard form post must be: a plain HTML form. The admin guard decides who may post
// (loopback, or the admin token) and the site guard that another site's page did not (CSRF).

/** The fields of a form body (`application/x-www-form-urlencoded`, what a plain HTML form sends); none without a body. */
export function formFields(body: unknown): URLSearchParams {
  if (body === undefined || body === null) return new URLSearchParams();
  const contentType = body instanceof RawBody ? body.contentType : "";
  const essence = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(body instanceof RawBody) || essence !== "application/x-www-form-urlencoded") {
    throw new ApiError(
      415,
      "unsupported_media_type",
      "A dashboard form must be sent as Content-Type: application/x-www-form-urlencoded",
    );
  }
  return new URLSearchParams(body.text);
}

/** The named fields of a form as an object (absent fields left out), for the schemas to check. */
export function pick(form: URLSearchParams, ...names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}
