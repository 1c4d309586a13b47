import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import { closestName } from "./closest";
import { isUnknown, SECRET_FIELDS } from "./fields";

/** Keys the engine adds to every dynamic resource's inputs; they are not ours to validate. */
const RESERVED = new Set(["__provider"]);

type Shape = z.ZodObject<z.ZodRawShape>;

/**
 * Validates and normalizes news with a zod object schema, the way `check` must: never throws on
 * bad input, names each failing property (an unknown one with the closest known name), never
 * quotes a secret, and leaves values the engine does not know yet (outputs of resources not
 * created at preview) untouched and unvalidated.
 */
export function checkWith(schema: Shape, news: Record<string, unknown>): dynamic.CheckResult {
  const failures = unknownProperties(news, Object.keys(schema.shape));
  const unknownKeys = Object.keys(news).filter((k) => !RESERVED.has(k) && isUnknown(news[k]));
  const present: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(news)) {
    if (!RESERVED.has(key) && !unknownKeys.includes(key) && value !== undefined && value !== null) {
      present[key] = value;
    }
  }
  const mask = Object.fromEntries(unknownKeys.map((k) => [k, true as const]));
  const parsed = (unknownKeys.length > 0 ? schema.partial(mask) : schema).safeParse(present);
  if (!parsed.success) failures.push(...parsed.error.issues.map((issue) => failureOf(issue, present)));
  if (failures.length > 0 || !parsed.success) {
    // Unknown properties are left out too: a misspelt secret is still a secret.
    const known = new Set([...Object.keys(schema.shape), ...RESERVED]);
    return failed(Object.fromEntries(Object.entries(news).filter(([key]) => known.has(key))), failures);
  }
  const inputs: Record<string, unknown> = { ...parsed.data };
  for (const key of unknownKeys) inputs[key] = news[key];
  return { inputs };
}

/** A failed check: the failures, and the inputs without their secret values (a failure never carries one). */
export function failed(
  inputs: Record<string, unknown> | undefined,
  failures: dynamic.CheckFailure[],
): dynamic.CheckResult {
  const kept = Object.entries(inputs ?? {}).filter(([key]) => !SECRET_FIELDS.has(key));
  return { inputs: Object.fromEntries(kept), failures };
}

/**
 * A failure about a property. For a secret one the property is named in the reason only: the
 * engine prints the input a failure's `property` names next to the reason, in plain text even
 * when it is secret (pkg/resource/deploy/step_generator.go, issueCheckFailures), so naming it
 * there would print the secret.
 */
export function failure(property: string, reason: string): dynamic.CheckFailure {
  const top = property.split(/[.[]/, 1)[0] ?? property;
  if (SECRET_FIELDS.has(top)) return { property: "", reason: `${property} ${reason} (its value is secret)` };
  return { property, reason };
}

/**
 * Failures as the engine shows them. The engine prints next to a failure's property the input of
 * that name at the top level only, so a nested one (`numbers[2].phoneNumber`) came out as
 * `value {<nil>}`: such a failure names its path and the value the program gave in its reason
 * instead. Secret properties never carry a property (see {@link failure}), so no secret is quoted.
 */
export function shownFailures(
  news: Record<string, unknown>,
  failures: readonly dynamic.CheckFailure[],
): dynamic.CheckFailure[] {
  return failures.map((f) => {
    if (!f.property || !/[.[]/.test(f.property)) return f;
    const value = valueAt(news, f.property);
    const shown = value === undefined || isUnknown(value) ? "" : ` value ${JSON.stringify(value)}`;
    return { property: "", reason: `property ${f.property}${shown} has a problem: ${f.reason}` };
  });
}

/** The value at a property path such as `numbers[2].phoneNumber`, or `undefined`. */
function valueAt(root: unknown, path: string): unknown {
  let value = root;
  for (const step of path.match(/[^.[\]]+/g) ?? []) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

function unknownProperties(news: Record<string, unknown>, known: readonly string[]): dynamic.CheckFailure[] {
  const allowed = new Set([...known, ...RESERVED]);
  return Object.keys(news)
    .filter((key) => !allowed.has(key) && news[key] !== undefined && news[key] !== null)
    .map((key) => {
      const near = closestName(key, known);
      const hint = near ? `did you mean "${near}"?` : `known properties: ${known.join(", ")}`;
      const reason = `unknown property "${key}"; ${hint}`;
      // A misspelt secret holds a secret value, which the engine would print next to the property it names.
      return near && SECRET_FIELDS.has(near) ? { property: "", reason } : { property: key, reason };
    });
}

function failureOf(issue: z.core.$ZodIssue, present: Record<string, unknown>): dynamic.CheckFailure {
  const property = propertyPath(issue.path);
  const top = issue.path[0];
  const missing = issue.code === "invalid_type" && typeof top === "string" && !(top in present);
  if (missing) return failure(property, "is required");
  // A secret's reason comes from the kind of issue alone, never from a message that could quote the value.
  if (typeof top === "string" && SECRET_FIELDS.has(top)) return failure(property, secretReason(issue));
  return failure(property, issue.message);
}

function secretReason(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "too_big":
      return `must be at most ${String(issue.maximum)} characters`;
    case "too_small":
      return "must not be empty";
    case "invalid_type":
      return "must be a string";
    case "custom":
      return "must not be only whitespace";
    default:
      return "is invalid";
  }
}

function propertyPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join("");
}
