import { isIPv4, isIPv6, SocketAddress } from "node:net";

// Canonical text of IP addresses and CIDR blocks (decision T3), so one address written two ways is
// one value: compared, de-duplicated and sent the same.

/**
 * The canonical text of an IP address, or `undefined` when `raw` is not one. IPv4 stays as written
 * (Node accepts only dotted decimal without leading zeros); IPv6 becomes its RFC 5952 form:
 * lowercase, leading zeros dropped, the longest run of zero groups (the first on a tie) as `::`,
 * IPv4-mapped addresses as `::ffff:1.2.3.4`. Zone ids (`fe80::1%eth0`) mean nothing to a remote
 * platform and are refused.
 */
export function canonicalAddress(raw: string): string | undefined {
  if (isIPv4(raw)) return raw;
  if (!isIPv6(raw) || raw.includes("%")) return undefined;
  return new SocketAddress({ address: raw, family: "ipv6" }).address;
}

/**
 * The canonical text of an address or CIDR block, or `undefined` when it is neither. The prefix
 * length is decimal without leading zeros and at most 32 (IPv4) or 128 (IPv6); a full-length
 * prefix (`/32`, `/128`) is the bare address. Host bits after the prefix are kept: `10.0.0.1/24`
 * stays as it is, since the platform stores what it is given.
 */
export function canonicalIpOrCidr(raw: string): string | undefined {
  const parts = raw.split("/");
  if (parts.length > 2) return undefined;
  const [text = "", prefix] = parts;
  const address = canonicalAddress(text);
  if (address === undefined) return undefined;
  if (prefix === undefined) return address;
  if (!/^\d{1,3}$/.test(prefix)) return undefined;
  const bits = Number(prefix);
  const max = address.includes(":") ? 128 : 32;
  if (bits > max) return undefined;
  return bits === max ? address : `${address}/${bits}`;
}

/** The entries of the platform's comma-joined `allowed_ips`, as written (none for an empty or absent value). */
export function splitAllowedIps(joined: string | null | undefined): string[] {
  return (joined ?? "")
    .split(",")
    .map((ip) => ip.trim())
    .filter(Boolean);
}
