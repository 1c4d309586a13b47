import type { IncomingHttpHeaders } from "node:http";
import { RawBody } from "../body";
import { ApiError } from "../envelope";

// What a dashboard form post must be: a plain HTML form of the dashboard itself. The admin guard
// decides who may post (loopback, or the admin token); this decides that a browser on loopback
// was not made to post by another site's page (a cross-site form, CSRF).

/** Why a post is refused as coming from another site's page, or `undefined` when it may proceed. */
export function crossSiteRefusal(headers: IncomingHttpHeaders): string | undefined {
  const site = headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin" && site !== "none") {
    return `The form was posted from another site (Sec-Fetch-Site: ${site}); use the dashboard's own page`;
  }
  const origin = headers.origin;
  if (origin === undefined) return undefined;
  let originHost: string | undefined;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    originHost = undefined;
  }
  if (originHost === undefined || originHost !== headers.host?.toLowerCase()) {
    return `The form was posted from another origin (${origin}); use the dashboard's own page`;
  }
  return undefined;
}

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
