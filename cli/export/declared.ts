import { descriptorOfKind, type Kind } from "./kinds";
import type { PlannedConfiguration, PlannedTrunk } from "./plan";

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

/** A planned configuration's declared properties, its auth token read from stack config. */
export const declaredConfiguration = (c: PlannedConfiguration): [string, Declared][] =>
  declared("configuration", { ...c, account_sid: c.accountSid }, { authToken: c.authToken.key });

/** A planned trunk's declared properties, its SIP password (when the platform holds one) from stack config. */
export const declaredTrunk = (t: PlannedTrunk): [string, Declared][] =>
  declared("trunk", t.trunk, t.authPassword ? { authPassword: t.authPassword.key } : {});
