import type { z } from "zod";
import { envelopeCheckOf, envelopeOf } from "./envelope";
import { createApiError } from "./errors";
import { formatPath } from "./validate";

/**
 * A response body as the caller's schema wants it: the envelope's `data` (or a list with its
 * `count`), validated once; a mismatch becomes a ResponseValidationError naming the field.
 */
export function unwrapBody(
  schema: z.ZodType,
  list: boolean,
  res: { status: number; body: unknown },
  where: { method: string; path: string },
  enveloped: boolean,
): unknown {
  const issue = (path: string, message: string) =>
    createApiError({ kind: "validation", ...where, status: res.status, issues: [{ path, message }] });
  if (res.body === undefined) throw issue("", "expected a JSON body, got an empty one");
  if (typeof res.body === "string") throw issue("", "expected a JSON body, got text");
  if (enveloped) {
    // The common case: an answer that passes is returned as parsed (it is ours alone), uncopied.
    const body = list && Array.isArray(res.body) ? { data: res.body } : res.body;
    if (envelopeCheckOf(schema, list)?.validate(body) === true) {
      const data = body as { data: unknown; count?: number | null };
      return list ? { data: data.data, count: data.count ?? undefined } : data.data;
    }
  }
  const parsed = (enveloped ? envelopeOf(schema, list) : schema).safeParse(res.body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: formatPath(i.path),
      message: i.message.replace(/^Invalid input: /, ""),
    }));
    throw createApiError({ kind: "validation", ...where, status: res.status, issues });
  }
  if (!enveloped) return parsed.data;
  const data = parsed.data as { data: unknown; count?: number | null };
  return list ? { data: data.data, count: data.count ?? undefined } : data.data;
}
