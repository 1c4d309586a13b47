import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import { isUnknown } from "./fields";

/** Keys the engine adds to every dynamic resource's inputs; they are not ours to validate. */
const RESERVED = new Set(["__provider"]);

type Shape = z.ZodObject<z.ZodRawShape>;

/**
 * Validates and normalizes news with a zod object schema, the way `check` must: never throws on
 * bad input, names each failing property, and leaves values the engine does not know yet
 * (outputs of resources not created at preview) untouched and unvalidated.
 */
export function checkWith(schema: Shape, news: Record<string, unknown>): dynamic.CheckResult {
  const unknownKeys = Object.keys(news).filter((k) => !RESERVED.has(k) && isUnknown(news[k]));
  const present: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(news)) {
    if (!RESERVED.has(key) && !unknownKeys.includes(key) && value !== undefined && value !== null) {
      present[key] = value;
    }
  }
  const mask = Object.fromEntries(unknownKeys.map((k) => [k, true as const]));
  const parsed = (unknownKeys.length > 0 ? schema.partial(mask) : schema).safeParse(present);
  if (!parsed.success) {
    return {
      inputs: news,
      failures: parsed.error.issues.map((issue) => ({
        property: propertyPath(issue.path),
        reason: reasonOf(issue, present),
      })),
    };
  }
  const inputs: Record<string, unknown> = { ...parsed.data };
  for (const key of unknownKeys) inputs[key] = news[key];
  return { inputs };
}

function propertyPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join("");
}

function reasonOf(issue: z.core.$ZodIssue, present: Record<string, unknown>): string {
  const top = issue.path[0];
  if (issue.code === "invalid_type" && typeof top === "string" && !(top in present)) {
    return "is required";
  }
  return issue.message;
}
