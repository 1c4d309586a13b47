// A cheaper way to accept an answer, for schemas whose output is their input: zod's compiled
// validator (`schema.validate`) judges the parsed JSON without building a copy of it, and the copy
// the parser would build is equal to the input anyway. Only schemas made of the parts below
// qualify; anything else (a transform, a default, a catch, an object that strips unknown keys,
// a check that rewrites a string) is parsed as before.
import type { z } from "zod";

/** Checks that only judge a value, never change it. */
const JUDGING_CHECKS = new Set([
  "number_format",
  "greater_than",
  "less_than",
  "multiple_of",
  "min_length",
  "max_length",
  "length_equals",
  "string_format",
]);

const LEAVES = new Set(["string", "number", "boolean", "null", "unknown", "any", "literal", "enum"]);

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: { check: string } } }>;
  check?: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
}

/** True when every value `schema` accepts is also its output, unchanged (see the file's comment). */
export function outputIsInput(schema: z.ZodType, open = new Set<z.ZodType>()): boolean {
  if (open.has(schema)) return false; // a cycle: not worth proving
  open.add(schema);
  const answer = judgesOnly(schema, open);
  open.delete(schema);
  return answer;
}

function judgesOnly(schema: z.ZodType, seen: Set<z.ZodType>): boolean {
  const def = schema._zod.def as unknown as Def;
  const judging = (def.checks ?? []).every((c) => JUDGING_CHECKS.has(c._zod.def.check));
  // A format schema (z.int(), z.email()) carries its own check in its def.
  if (!judging || (def.check !== undefined && !JUDGING_CHECKS.has(def.check))) return false;
  if (LEAVES.has(def.type)) return true;
  switch (def.type) {
    case "optional":
    case "nullable":
      return def.innerType !== undefined && outputIsInput(def.innerType, seen);
    case "array":
      return def.element !== undefined && outputIsInput(def.element, seen);
    case "union":
      return (def.options ?? []).every((o) => outputIsInput(o, seen));
    case "object": {
      // Without a catchall an object strips unknown keys; `unknown` keeps them, `never` rejects them.
      const rest = def.catchall?._zod.def.type;
      if (rest !== "unknown" && rest !== "any" && rest !== "never") return false;
      return Object.values(def.shape ?? {}).every((s) => outputIsInput(s, seen));
    }
    default:
      return false;
  }
}
