/** A property's type in the package schema (a subset of Pulumi's TypeSpec). */
export interface TypeSpec {
  readonly type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  readonly items?: TypeSpec;
  readonly oneOf?: readonly TypeSpec[];
  readonly $ref?: string;
}

/** The part of a JSON Schema (as `z.toJSONSchema` writes it) that a Pulumi type is read from. */
export interface JsonSchema {
  type?: string | string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  $ref?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  $defs?: Record<string, JsonSchema>;
}

/** Where zod puts the named objects of a schema (`.meta({ id })`). */
export const DEFS = "#/$defs/";

/**
 * A JSON Schema as a Pulumi type: the one reading of zod's schemas for resource inputs and outputs and
 * for lookups alike. A named object (`$defs`) is a reference to the schema type `ref` gives it (where
 * none is declared, it is an error naming `where`); `null` is left out of a union (a nullable property
 * is an optional one); a value of any JSON (the platform's free-form data) is `Any`. An unnamed object
 * has no Pulumi type: an error too.
 */
export function pulumiType(
  json: JsonSchema,
  where: string,
  ref: (id: string) => string = undeclared(where),
): TypeSpec {
  if (json.$ref?.startsWith(DEFS)) return { $ref: `#/types/${ref(json.$ref.slice(DEFS.length))}` };
  const variants = (
    json.anyOf ?? (Array.isArray(json.type) ? json.type.map((type) => ({ type })) : [])
  ).filter((v) => v.type !== "null");
  if (variants.length === 1 && variants[0]) return pulumiType(variants[0], where, ref);
  if (variants.length > 1) return { oneOf: variants.map((v) => pulumiType(v, where, ref)) };
  switch (json.type) {
    case "string":
    case "number":
    case "integer":
    case "boolean":
      return { type: json.type };
    case "array":
      return { type: "array", items: pulumiType(json.items ?? {}, where, ref) };
    case "object":
      throw new Error(`${where}: an object needs an id to be a schema type`);
    default:
      return { $ref: "pulumi.json#/Any" };
  }
}

const undeclared = (where: string) => (id: string) => {
  throw new Error(`${where} names the object type ${id}, which the schema does not declare`);
};

/** Whether a property may be null. */
export const nullable = (p: JsonSchema): boolean =>
  (p.anyOf ?? []).some((v) => v.type === "null") || (Array.isArray(p.type) && p.type.includes("null"));
