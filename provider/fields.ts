import { isIP } from "node:net";
import { z } from "zod";

/** The engine's placeholder for a value not known until apply (e.g. another resource's output at preview). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when the engine has not computed this value yet. */
export const isUnknown = (value: unknown): boolean =>
  value === UNKNOWN || (Array.isArray(value) && value.some((v) => v === UNKNOWN));

const E164 = /^\+[1-9]\d{7,14}$/;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const SIP_URL = /^(?:sips?:)?[A-Za-z0-9._~%@:;=+-]+(?:\[[0-9A-Fa-f:.]+\])?[A-Za-z0-9._~%@:;=+-]*$/;

/** Strips the separators people type in phone numbers, so `+1 (415) 555-0100` and `+14155550100` are one value. */
export const normalizePhoneNumber = (raw: string): string => raw.replace(/[\s\-.()]/g, "");

/** A phone number in E.164 form, normalized. */
export const phoneNumber = z
  .string()
  .transform(normalizePhoneNumber)
  .refine((v) => E164.test(v), { message: "must be an E.164 phone number such as +14155550100" });

/** A bridge slug: lowercase letters, digits and inner hyphens, 1 to 64 characters. */
export const slug = z
  .string()
  .trim()
  .refine((v) => SLUG.test(v), {
    message: "must be 1-64 lowercase letters, digits or inner hyphens (e.g. support-line)",
  });

/** A non-empty display string of at most 255 characters, trimmed. */
export const label = z
  .string()
  .trim()
  .min(1, { message: "must not be empty" })
  .max(255, { message: "must be at most 255 characters" });

/** A non-empty secret string; never trimmed, since whitespace may be part of it. */
export const secretString = z
  .string()
  .min(1, { message: "must not be empty" })
  .max(255, { message: "must be at most 255 characters" });

/** SIP transport, case-insensitive on input. */
export const transport = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(["tcp", "udp", "tls"], { message: "must be one of tcp, udp, tls" }));

/** A TCP/UDP port given as number or string, stored as the platform's decimal string. */
export const port = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, {
    message: "must be a port number from 1 to 65535",
  })
  .transform((v) => String(Number(v)));

/** A SIP host, IP or `sip:`/`sips:` URI. */
export const sipUrl = label.refine((v) => SIP_URL.test(v), {
  message: "must be a SIP host, IP address or sip:/sips: URI",
});

/** Lowercases IPv6 and drops a redundant /32 or /128, so equal addresses compare equal. */
export const normalizeIp = (raw: string): string => {
  const [address = "", prefix] = raw.trim().toLowerCase().split("/");
  const family = isIP(address);
  if (prefix === undefined || (family === 4 && prefix === "32") || (family === 6 && prefix === "128")) {
    return address;
  }
  return `${address}/${prefix}`;
};

const validIp = (value: string): boolean => {
  const [address = "", prefix, ...rest] = value.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

/** A set of IP addresses or CIDR ranges, normalized, de-duplicated and sorted so order never makes a diff. */
export const ipSet = z
  .array(
    z.string().transform(normalizeIp).refine(validIp, { message: "must be an IPv4/IPv6 address or CIDR" }),
  )
  .transform((ips) => [...new Set(ips)].sort());

/** A positive integer id, given as number or numeric string (ids cross Pulumi as strings). */
export const platformId = z
  .union([z.number(), z.string()])
  .transform((v) => Number(String(v).trim()))
  .refine((v) => Number.isSafeInteger(v) && v > 0, { message: "must be a positive integer id" });
