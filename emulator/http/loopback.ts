// What counts as this machine: the admin surface and the listen checks trust only loopback.
import { BlockList, isIP } from "node:net";

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Whether an IP address is a loopback one (127.0.0.0/8, `::1`, IPv4-mapped `::ffff:127.…`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return LOOPBACK.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A host without the brackets a URL puts around an IPv6 address. */
export const bare = (host: string): string => host.replace(/^\[(.*)\]$/, "$1");

/** A host as a URL writes it: an IPv6 address in brackets. */
export const bracketed = (host: string): string =>
  host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;

/** Whether a listen host keeps the emulator on this machine (a loopback address or `localhost`). */
export function isLoopbackHost(host: string): boolean {
  return bare(host).toLowerCase() === "localhost" || isLoopbackAddress(bare(host));
}
