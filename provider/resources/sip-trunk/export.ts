import type { SipTrunk } from "../../../sdk";
import type { ExportMapping } from "../../descriptor";
import { allowedIpSet } from "./allowed-ips";

/** A trunk's declarable fields as the platform holds them; absent ones are left to the resource's defaults. */
export interface TrunkFields {
  name: string;
  sipUrl: string;
  transport: string;
  port: string;
  authUsername?: string;
  allowedIps?: string[];
}

/** The fields a program declares for a trunk read from the platform (its password aside: write-only), as its state records them. */
export function trunkFields(t: SipTrunk): TrunkFields {
  const ips = allowedIpSet(t.allowed_ips);
  return {
    name: t.name,
    sipUrl: t.sip_url,
    transport: t.transport,
    port: String(t.port),
    ...(t.auth_username ? { authUsername: t.auth_username } : {}),
    ...(ips.length > 0 ? { allowedIps: ips } : {}),
  };
}

/** A trunk exported: the kind `trunk`, read by its platform id. */
export const SIP_TRUNK_EXPORT: ExportMapping<"trunk", SipTrunk> = {
  kind: "trunk",
  aliases: [],
  id: (t) => String(t.id),
  inputs: (t) => ({ ...trunkFields(t) }),
};
