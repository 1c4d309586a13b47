import { z } from "zod";
import {
  canonicalIpOrCidr,
  E164,
  IdLike,
  IpOrCidr,
  Port,
  Secret255,
  SipTransport,
  SipUrl,
  Slug,
  Text255,
} from "../../sdk";

// The inputs' rules are the SDK's (sdk/core/validate.ts): one set for both. What is added here is
// the leniency a Pulumi program deserves — surrounding whitespace, any case for `transport`, ports
// and ids as numbers or strings — and the normal form `check` stores, so no diff is ever permanent.

/** The engine's placeholder for a value not known until apply (e.g. another resource's output at preview). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when the engine has not computed this value yet. */
export const isUnknown = (value: unknown): boolean =>
  value === UNKNOWN || (Array.isArray(value) && value.some((v) => v === UNKNOWN));

/**
 * Why a value that must be a string is refused. A number gets a hint: `pulumi config set --path`
 * and YAML read `+14155550100` as one, and the engine would print it rounded (`1.41555501e+10`).
 */
export function notAString(value: unknown, example?: string): string {
  const such = example === undefined ? "" : ` such as ${example}`;
  if (typeof value !== "number") return `must be a string${such}`;
  return (
    `must be a string${such}, not the number ${String(value)} ` +
    "(`pulumi config set --path <key> --type string <value>` keeps a config value a string; in YAML, quote it)"
  );
}

/** A phone number as the error messages show one. */
export const PHONE_EXAMPLE = '"+14155550100"';

/** A phone number in E.164 form, normalized; given as a number, refused naming the number. */
export const phoneNumber = z.string({ error: (issue) => notAString(issue.input, PHONE_EXAMPLE) }).pipe(E164);

/** A bridge slug: lowercase letters, digits and inner hyphens, 1 to 64 characters. */
export const slug = z.string({ error: "must be a string" }).trim().pipe(Slug);

/**
 * A non-empty name or account of at most 255 characters, kept as given: the platform stores trunk
 * names, user names and accounts untrimmed, and a trimmed one would not find its record by natural key.
 */
export const label = Text255;

/** A bridge name: the platform trims it, so the resource does too and state holds what the platform keeps. */
export const bridgeName = z.string({ error: "must be a string" }).trim().pipe(Text255);

/** A non-empty secret string of at most 255 characters; never trimmed, since whitespace may be part of it (mark the field with `secret`). */
export const secretString = Secret255;

/** SIP transport, case-insensitive on input. */
export const transport = z
  .string({ error: "must be one of tcp, udp, tls" })
  .transform((v) => v.trim().toLowerCase())
  .pipe(SipTransport);

/** A TCP/UDP port given as number or string, stored as the platform's decimal string. */
export const port = z
  .union([z.string().trim(), z.number()], { error: "must be an integer from 1 to 65535" })
  .pipe(Port);

/** A SIP host, IP address, `[IPv6]` or `sip:`/`sips:` URI (see sdk/core/sip-url.ts). */
export const sipUrl = z.string({ error: "must be a string" }).trim().pipe(SipUrl);

/**
 * The canonical text of an address or CIDR (RFC 5952 IPv6, no redundant /32 or /128), so equal
 * addresses compare equal; text that is not one is only trimmed and lowercased (for live values).
 */
export const normalizeIp = (raw: string): string => {
  const text = raw.trim();
  return canonicalIpOrCidr(text) ?? text.toLowerCase();
};

/** A set of IP addresses or CIDR ranges, canonical, de-duplicated and sorted so spelling and order never make a diff. */
export const ipSet = z
  .array(z.string({ error: "must be a string" }).trim().pipe(IpOrCidr).transform(normalizeIp), {
    error: "must be a list of IP addresses or CIDRs",
  })
  .transform((ips) => [...new Set(ips)].sort());

/** A positive integer id, given as number or string of decimal digits (ids cross Pulumi as strings). */
export const platformId = IdLike;
