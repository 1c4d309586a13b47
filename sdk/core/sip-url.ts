import { isIPv4, isIPv6 } from "node:net";

// The rule of a trunk's `sip_url` (decisions T3, T6): a host name, an IP address (IPv6 bare or in
// brackets), or a `sip:`/`sips:` URI `sip:[user[:password]@]host[:port][;param[=value]]…`
// (RFC 3261 §19.1, without headers). A bare value takes no user, port or parameters: the platform
// reads it as a host.

/** The longest `sip_url` the platform stores. */
export const SIP_URL_MAX = 255;

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const ESCAPED = "%[0-9A-Fa-f]{2}";
const USER = `(?:[A-Za-z0-9\\-_.!~*'()&=+$,;?/]|${ESCAPED})+`;
const PASSWORD = `(?:[A-Za-z0-9\\-_.!~*'()&=+$,]|${ESCAPED})*`;
const PARAM_CHAR = `(?:[A-Za-z0-9\\-_.!~*'()\\[\\]/:&+$]|${ESCAPED})`;
const URI = new RegExp(
  `^sips?:(?:(${USER})(?::${PASSWORD})?@)?(\\[[^\\]]*\\]|[^\\[\\]:;@]+)(?::(\\d{1,5}))?((?:;${PARAM_CHAR}+(?:=${PARAM_CHAR}+)?)*)$`,
  "i",
);

/** An RFC 1123 host name: dot-separated labels of letters, digits and inner hyphens, ≤ 253 characters, not all-numeric at the end. */
export function isHostName(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  const labels = value.split(".");
  if (!labels.every((label) => LABEL.test(label))) return false;
  // `999.1.1.1` or `10.0.0` is a malformed IPv4 address, not a name: top-level labels are never all digits.
  return !/^\d+$/.test(labels[labels.length - 1] ?? "");
}

/** A host: a host name, an IPv4 address, or an IPv6 address in brackets (`[2001:db8::1]`). */
export function isSipHost(value: string): boolean {
  if (value.startsWith("[") && value.endsWith("]")) {
    const inner = value.slice(1, -1);
    return isIPv6(inner) && !inner.includes("%");
  }
  return isIPv4(value) || isHostName(value);
}

/** True when `value` is a valid `sip_url`: a host (a bare IPv6 address too) or a `sip:`/`sips:` URI. */
export function isSipUrl(value: string): boolean {
  if (value.length === 0 || value.length > SIP_URL_MAX) return false;
  if (!/^sips?:/i.test(value)) return isSipHost(value) || (isIPv6(value) && !value.includes("%"));
  const match = URI.exec(value);
  if (!match) return false;
  const [, , host = "", port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  return isSipHost(host);
}
