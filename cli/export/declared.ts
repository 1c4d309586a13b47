import type { ResourceDescriptor } from "../../provider/descriptor";

/**
 * A declared value: plain data read from the platform, a write-only secret read from stack config,
 * or another declared resource's output (`ref` is its program variable).
 */
export type Declared = string | readonly string[] | { secret: string } | { ref: string; output: string };

/**
 * The properties a program declares for a record, in its resource type's input order: each
 * write-only secret the record holds as the config key it is read from (`secrets`), each reference as
 * the output of the resource it names (`references`), the rest as its type maps the record. `adopt`
 * and absent values are left out.
 */
export function declared(
  descriptor: ResourceDescriptor,
  record: unknown,
  secrets: Readonly<Record<string, { key: string }>>,
  references: Readonly<Record<string, { variable: string }>>,
): [string, Declared][] {
  const values = descriptor.exported.inputs(record);
  return Object.keys(descriptor.inputs.shape).flatMap((key): [string, Declared][] => {
    const secret = secrets[key];
    if (secret !== undefined) return [[key, { secret: secret.key }]];
    const target = references[key];
    const reference = descriptor.exported.references[key];
    if (target !== undefined && reference !== undefined)
      return [[key, { ref: target.variable, output: reference.output }]];
    const value = values[key];
    if (typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string")))
      return [[key, value as Declared]];
    return [];
  });
}
