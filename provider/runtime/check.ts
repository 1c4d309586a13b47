import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import { closestName } from "../connection/closest";
import { isUnknown } from "./fields";
import { isSecretPath, secretKeys } from "./secrets";

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
  const secrets = secretKeys(schema);
  const failures = unknownProperties(news, Object.keys(schema.shape), secrets);
  const unknownKeys = Object.keys(news).filter((k) => !RESERVED.has(k) && isUnknown(news[k]));
  const present: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(news)) {
    if (!RESERVED.has(key) && !unknownKeys.includes(key) && value !== undefined && value !== null) {
      present[key] = value;
    }
  }
  const mask = Object.fromEntries(unknownKeys.map((k) => [k, true as const]));
  const parsed = (unknownKeys.length > 0 ? schema.partial(mask) : schema).safeParse(present);
  if (!parsed.success)
    failures.push(...parsed.error.issues.map((issue) => failureOf(issue, present, secrets)));
  if (failures.length > 0 || !parsed.success) {
    // Unknown properties are left out too: a misspelt secret is still a secret.
    const known = new Set([...Object.keys(schema.shape), ...RESERVED]);
    return failed(Object.fromEntries(Object.entries(news).filter(([key]) => known.has(key))), failures);
  }
  const inputs: Record<string, unknown> = { ...parsed.data };
  for (const key of unknownKeys) inputs[key] = news[key];
  return { inputs };
}

/** A failed check: the failures and the inputs (the shared check strips their secret values, see {@link shownCheck}). */
export function failed(
  inputs: Record<string, unknown> | undefined,
  failures: dynamic.CheckFailure[],
): dynamic.CheckResult {
  return { inputs: inputs ?? {}, failures };
}

/**
 * A failed check as the engine may show it, given the type's secret fields: the inputs without their
 * secret values, and failures whose property the engine can print. The engine prints next to a
 * failure's property the input of that name, in plain text even when it is secret
 * (pkg/resource/deploy/step_generator.go, issueCheckFailures), and only at the top level: a secret
 * one is named in the reason alone, and a nested one (`numbers[2].phoneNumber`, which came out as
 * `value {<nil>}`) names its path and the value the program gave in its reason.
 */
export function shownCheck(
  result: dynamic.CheckResult,
  news: Record<string, unknown>,
  secrets: ReadonlySet<string>,
): dynamic.CheckResult {
  if (!result.failures?.length) return result;
  const inputs = Object.fromEntries(Object.entries(result.inputs ?? {}).filter(([key]) => !secrets.has(key)));
  const failures = result.failures.map((f) => {
    if (!f.property) return f;
    if (isSecretPath(secrets, f.property))
      return { property: "", reason: `${f.property} ${f.reason} (its value is secret)` };
    if (!/[.[]/.test(f.property)) return f;
    const value = valueAt(news, f.property);
    const shown = value === undefined || isUnknown(value) ? "" : ` value ${JSON.stringify(value)}`;
    return { property: "", reason: `property ${f.property}${shown} has a problem: ${f.reason}` };
  });
  return { inputs, failures };
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

function unknownProperties(
  news: Record<string, unknown>,
  known: readonly string[],
  secrets: ReadonlySet<string>,
): dynamic.CheckFailure[] {
  const allowed = new Set([...known, ...RESERVED]);
  return Object.keys(news)
    .filter((key) => !allowed.has(key) && news[key] !== undefined && news[key] !== null)
    .map((key) => {
      const near = closestName(key, known);
      const hint = near ? `did you mean "${near}"?` : `known properties: ${known.join(", ")}`;
      const reason = `unknown property "${key}"; ${hint}`;
      // A misspelt secret holds a secret value, which the engine would print next to the property it names.
      return near && secrets.has(near) ? { property: "", reason } : { property: key, reason };
    });
}

function failureOf(
  issue: z.core.$ZodIssue,
  present: Record<string, unknown>,
  secrets: ReadonlySet<string>,
): dynamic.CheckFailure {
  const property = propertyPath(issue.path);
  const top = issue.path[0];
  const missing = issue.code === "invalid_type" && typeof top === "string" && !(top in present);
  if (missing) return { property, reason: "is required" };
  // A secret's reason comes from the kind of issue alone, never from a message that could quote the value.
  if (isSecretPath(secrets, property)) return { property, reason: secretReason(issue) };
  return { property, reason: issue.message };
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
