import { splitAllowedIps } from "../../../sdk";
import { dataSource } from "../data-source";

/** A SIP trunk as listed: the platform masks `authUsername` and `authPassword` here. */
export interface SipTrunkSummary {
  id: number;
  name: string;
  sipUrl: string;
  transport: string;
  port: string;
  authUsername: string | null;
  authPassword: string | null;
  allowedIps: string[];
  active: boolean;
  orgHandle: string | null;
}

const trunks = dataSource<object, SipTrunkSummary[]>("getSipTrunks", async (client) =>
  (await client.trunks.list()).data.map((t) => ({
    id: t.id,
    name: t.name,
    sipUrl: t.sip_url,
    transport: t.transport,
    port: String(t.port),
    authUsername: t.auth_username ?? null,
    authPassword: t.auth_password ?? null,
    allowedIps: splitAllowedIps(t.allowed_ips),
    active: t.active,
    orgHandle: t.org_handle ?? null,
  })),
);

/** Lists the organization's SIP trunks (secrets masked). */
export const getSipTrunks = trunks.get;
/** {@link getSipTrunks} as an Output. */
export const getSipTrunksOutput = trunks.getOutput;
