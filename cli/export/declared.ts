import type { ResourceDescriptor } from "../../provider/runtime/descriptor";

/** A reference to another declared resource's output (`ref` is its program variable). */
export interface DeclaredRef {
  ref: string;
  output: string;
}

/** A scalar declared in a list of objects: plain data, or another declared resource's output. */
export type DeclaredField = string | DeclaredRef;

/**
 * A declared value: plain data read from the platform, a write-only secret read from stack config,
 * another declared resource's output, or a list of objects (a set's numbers), each field in order.
 */
export type Declared =
  | string
  | readonly string[]
  | { secret: string }
  | DeclaredRef
  | { items: readonly (readonly [string, DeclaredField])[][] };

/** Whether a declared value is a list of strings (`Array.isArray` does not narrow a readonly array). */
export const isStringList = (v: Declared): v is readonly string[] => Array.isArray(v);

/** Whether `value` is a list of objects whose fields are all strings. */
const isObjectList = (value: unknown): value is readonly Record<string, unknown>[] =>
  Array.isArray(value) && value.every((v) => typeof v === "object" && v !== null && !Array.isArray(v));

/**
 * The properties a program declares for a record, in its resource type's input order: each
 * write-only secret the record holds as the config key it is read from (`secrets`), each reference as
 * the output of the resource it names (`references`; one `within` a list input as a field of every
 * item), the rest as its type maps the record. `adopt` and absent values are left out.
 */
export function declared(
  descriptor: ResourceDescriptor,
  record: unknown,
  secrets: Readonly<Record<string, { key: string }>>,
  references: Readonly<Record<string, { variable: string }>>,
): [string, Declared][] {
  const values = descriptor.exported.inputs(record);
  const all = Object.entries(descriptor.exported.references);
  return Object.keys(descriptor.inputs.shape).flatMap((key): [string, Declared][] => {
    const secret = secrets[key];
    if (secret !== undefined) return [[key, { secret: secret.key }]];
    const target = references[key];
    const reference = descriptor.exported.references[key];
    if (target !== undefined && reference !== undefined && reference.within === undefined)
      return [[key, { ref: target.variable, output: reference.output }]];
    const value = values[key];
    if (typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string")))
      return [[key, value as Declared]];
    if (isObjectList(value)) {
      const within = all.flatMap(([input, r]): [string, DeclaredField][] => {
        const variable = references[input]?.variable;
        return r.within === key && variable !== undefined
          ? [[input, { ref: variable, output: r.output }]]
          : [];
      });
      const items = value.map((item) => [
        ...Object.entries(item).flatMap(([k, v]): [string, DeclaredField][] =>
          typeof v === "string" ? [[k, v]] : [],
        ),
        ...within,
      ]);
      return [[key, { items }]];
    }
    return [];
  });
}
