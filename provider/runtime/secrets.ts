import type { z } from "zod";

// A secret is declared once, on its input field (`secret(...)` in the type's schema). The package
// schema's `secret` marks, the plugin's re-marking, `additionalSecretOutputs`, check failures, the
// report's masking and the write-only handling all read it from there.

/** Marks a field as secret: kept as a secret in state, never quoted in a message, write-only on the platform. */
export const secret = <T extends z.ZodType>(field: T): T => field.meta({ secret: true });

/** Whether a field is marked secret, looking through optional, nullable, default and pipe wrappers. */
function isSecretField(field: z.ZodType | undefined): boolean {
  const pending: unknown[] = [field];
  while (pending.length > 0) {
    const schema = pending.pop() as z.ZodType | undefined;
    if (schema === undefined) continue;
    if (schema.meta()?.secret === true) return true;
    const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    pending.push(def.innerType, def.in, def.out);
  }
  return false;
}

const keysBySchema = new WeakMap<z.ZodObject, ReadonlySet<string>>();

/** The secret fields of an object schema (a resource type's inputs), read once. */
export function secretKeys(schema: z.ZodObject): ReadonlySet<string> {
  let keys = keysBySchema.get(schema);
  if (!keys) {
    const shape = schema.shape as Record<string, z.ZodType>;
    keys = new Set(Object.keys(shape).filter((key) => isSecretField(shape[key])));
    keysBySchema.set(schema, keys);
  }
  return keys;
}

/** Whether a property path (`authToken`, `numbers[2].phoneNumber`) is or lies inside a secret field. */
export const isSecretPath = (secrets: ReadonlySet<string>, path: string): boolean =>
  secrets.has(path.split(/[.[]/, 1)[0] ?? path);

/** The write-only secrets the platform holds for a recorded resource of a type (given its recorded props). */
export function heldSecrets(
  type: { readonly inputs: z.ZodObject; holdsSecrets?(olds: Record<string, unknown>): boolean },
  olds: Record<string, unknown>,
): readonly string[] {
  return type.holdsSecrets?.(olds) === false ? [] : [...secretKeys(type.inputs)];
}
