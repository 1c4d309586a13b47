import { descriptorOfKind, type Kind } from "./kinds";

/** A declared value: plain data read from the platform, or a write-only secret read from stack config. */
export type Declared = string | readonly string[] | { secret: string };

/**
 * The properties a program declares for a record of `kind`, in its resource type's input order: the
 * values its type maps the record to, with each write-only secret the record holds as the config key
 * it is read from (`secrets`). `adopt` and absent values are left out.
 */
export function declared(
  kind: Kind,
  record: unknown,
  secrets: Readonly<Record<string, string>> = {},
): [string, Declared][] {
  const descriptor = descriptorOfKind(kind);
  const values = descriptor.exported.inputs(record);
  return Object.keys(descriptor.inputs.shape).flatMap((key): [string, Declared][] => {
    const secret = secrets[key];
    if (secret !== undefined) return [[key, { secret }]];
    const value = values[key];
    if (typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string")))
      return [[key, value as Declared]];
    return [];
  });
}
