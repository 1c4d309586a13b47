import { z } from "zod";
import { REGISTRY, type ResourceType } from "../resources/registry";
import { nativeToken } from "../urn/type-token";
import { type JsonSchema, nullable, pulumiType, type TypeSpec } from "./json-type";

/** One output property as the schema states it. */
export interface OutputSpec {
  readonly type: TypeSpec;
  readonly required: boolean;
}

/** The output properties of each resource as the schema states them, derived from its outputs schema. */
export const OUTPUTS = Object.fromEntries(
  REGISTRY.map((d) => [d.type, specs(d.type, d.outputs)]),
) as Readonly<Record<ResourceType, Readonly<Record<string, OutputSpec>>>>;

/** Each output's type, read like any other JSON Schema (a named object is its schema type); an optional or nullable one is not required. */
function specs(type: string, outputs: z.ZodObject): Record<string, OutputSpec> {
  const json = z.toJSONSchema(outputs, { io: "output" }) as JsonSchema;
  const required = new Set(json.required ?? []);
  return Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([key, p]) => {
      const where = `${type}.${key}`;
      return [key, { type: pulumiType(p, where, nativeToken), required: required.has(key) && !nullable(p) }];
    }),
  );
}
