import { splitAllowedIps } from "../../../sdk";
import { normalizeIp } from "../../runtime/fields";

/** The platform's joined IPs as a trunk declares and records them: canonical, de-duplicated, sorted. */
export const allowedIpSet = (joined: string | null | undefined): string[] =>
  [...new Set(splitAllowedIps(joined).map(normalizeIp))].sort();
