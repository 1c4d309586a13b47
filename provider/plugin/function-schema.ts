import { z } from "zod";
import type { Lookup } from "../lookups";
import { DEFS, type JsonSchema as Json, nullable, pulumiType, type TypeSpec } from "./json-type";

/** A property of a function's inputs or outputs, or of an object type, in the package schema. */
export interface FunctionPropertySpec extends TypeSpec {
  readonly description: string;
}

/** An object type in the package schema: a record a lookup answers, or a part of one. */
export interface ObjectTypeSpec {
  readonly type: "object";
  readonly description: string;
  readonly properties: Record<string, FunctionPropertySpec>;
  readonly required?: string[];
}

/** A function (invoke) in the package schema. */
export interface FunctionSpec {
  readonly description: string;
  readonly inputs?: { properties: Record<string, FunctionPropertySpec>; required?: string[] };
  readonly outputs: { properties: Record<string, FunctionPropertySpec>; required?: string[] };
}

/**
 * Turns the JSON Schema zod writes for a lookup into Pulumi types. A zod object with an `id` becomes
 * an object type `<package>:index:<id>`; a nullable field is an optional property of its non-null
 * type; a field of any JSON (the platform's free-form data) is `Any`.
 */
class Translator {
  readonly types: Record<string, ObjectTypeSpec> = {};
  constructor(private readonly token: (id: string) => string) {}

  /** The properties of an object, each described, and which are always there (not nullable). */
  properties(
    json: Json,
    where: string,
  ): { properties: Record<string, FunctionPropertySpec>; required?: string[] } {
    const entries = Object.entries(json.properties ?? {});
    const properties = Object.fromEntries(
      entries.map(([key, p]) => {
        if (!p.description) throw new Error(`no description for ${where}.${key}`);
        return [key, { ...pulumiType(p, `${where}.${key}`, this.token), description: p.description }];
      }),
    );
    const required = (json.required ?? []).filter((key) => {
      const p = json.properties?.[key];
      // Free-form JSON (no type) may be null as well.
      return (
        p !== undefined &&
        !nullable(p) &&
        (p.type !== undefined || p.$ref !== undefined || p.anyOf !== undefined)
      );
    });
    // The engine drops an empty list, so the schema it serves and the committed one agree without it.
    return { properties, ...(required.length ? { required } : {}) };
  }

  /** Declares every named object of a schema as a type. */
  define(defs: Record<string, Json>): void {
    for (const [id, def] of Object.entries(defs)) {
      if (!def.description) throw new Error(`no description for type ${id}`);
      this.types[this.token(id)] = {
        type: "object",
        description: def.description,
        ...this.properties(def, id),
      };
    }
  }

  /** A lookup's schema function: a list under `items`, a record's fields as they are. */
  function(lookup: Lookup): FunctionSpec {
    const output = z.toJSONSchema(lookup.output, { io: "output", unrepresentable: "any" }) as Json;
    this.define(output.$defs ?? {});
    const root = output.$ref?.startsWith(DEFS)
      ? (output.$defs?.[output.$ref.slice(DEFS.length)] ?? {})
      : output;
    const outputs = lookup.many
      ? {
          properties: {
            items: {
              type: "array" as const,
              items: pulumiType(output, lookup.name, this.token),
              description: `The records found (\`${output.$ref?.slice(DEFS.length)}\`): ${root.description}`,
            },
          },
          required: ["items"],
        }
      : this.properties(root, lookup.name);
    const args = z.toJSONSchema(lookup.args, { io: "input" }) as Json;
    const inputs = this.properties({ ...args, required: [] }, lookup.name);
    const required = args.required ?? [];
    return {
      description: lookup.description,
      ...(Object.keys(inputs.properties).length === 0
        ? {}
        : { inputs: { properties: inputs.properties, ...(required.length ? { required } : {}) } }),
      outputs,
    };
  }
}

/** The package schema's functions, one per lookup, and the object types their outputs refer to. */
export function functionSchema(
  lookups: readonly Lookup[],
  token: (name: string) => string,
): { functions: Record<string, FunctionSpec>; types: Record<string, ObjectTypeSpec> } {
  const translator = new Translator(token);
  const functions = Object.fromEntries(lookups.map((l) => [token(l.name), translator.function(l)]));
  return { functions, types: translator.types };
}

/** The object types named in a resource's input or output schema (`$defs` of the JSON Schema zod writes). */
export function objectTypes(
  defs: Record<string, Json>,
  token: (name: string) => string,
): Record<string, ObjectTypeSpec> {
  const translator = new Translator(token);
  translator.define(defs);
  return translator.types;
}
