import { z } from "zod";
import { nativeToken } from "../descriptor";
import { REGISTRY } from "../resources/registry";
import type { ResourceName } from "./resources";

/** A property's type in the package schema (a subset of Pulumi's TypeSpec). */
export interface TypeSpec {
  readonly type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  readonly items?: TypeSpec;
  readonly oneOf?: readonly TypeSpec[];
  readonly $ref?: string;
}

/** One output property as the schema states it. */
export interface OutputSpec {
  readonly type: TypeSpec;
  readonly required: boolean;
}

/** The schema type of an outputs-schema property; optional or nullable ones are not required. */
function outputSpec(schema: z.ZodType): OutputSpec {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return { type: outputSpec(schema.unwrap() as z.ZodType).type, required: false };
  }
  if (schema instanceof z.ZodString) return { type: { type: "string" }, required: true };
  if (schema instanceof z.ZodBoolean) return { type: { type: "boolean" }, required: true };
  if (schema instanceof z.ZodNumber)
    return { type: { type: schema.isInt ? "integer" : "number" }, required: true };
  if (schema instanceof z.ZodObject) {
    // A part of a record, declared once as a schema type (`.meta({ id })`).
    const id = z.globalRegistry.get(schema)?.id;
    if (!id) throw new Error("an object output needs an id (`.meta({ id })`) to be a schema type");
    return { type: { $ref: `#/types/${nativeToken(id)}` }, required: true };
  }
  if (schema instanceof z.ZodArray) {
    return { type: { type: "array", items: outputSpec(schema.element as z.ZodType).type }, required: true };
  }
  throw new Error(`no package-schema type for a ${schema.def.type} output`);
}

/** The output properties of each resource as the schema states them, derived from its outputs schema. */
export const OUTPUTS = Object.fromEntries(REGISTRY.map((d) => [d.type, specs(d.outputs)])) as Readonly<
  Record<ResourceName, Readonly<Record<string, OutputSpec>>>
>;

function specs(outputs: z.ZodObject): Record<string, OutputSpec> {
  return Object.fromEntries(Object.entries(outputs.shape).map(([k, v]) => [k, outputSpec(v as z.ZodType)]));
}
