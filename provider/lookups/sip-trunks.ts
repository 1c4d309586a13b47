import { z } from "zod";
import { splitAllowedIps, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";

/** A SIP trunk as listed: the platform masks `authUsername` and `authPassword` here. */
export const SipTrunkSummary = z
  .object({
    id: z.int().describe("The trunk's id."),
    name: z.string().describe("The trunk's name."),
    sipUrl: z.string().describe("The trunk's SIP URL."),
    transport: z.string().describe("`udp`, `tcp` or `tls`."),
    port: z.string().describe("The SIP port."),
    authUsername: z.string().nullable().describe("The auth username, masked."),
    authPassword: z.string().nullable().describe("The auth password, masked."),
    allowedIps: z.array(z.string()).describe("The addresses calls may come from."),
    active: z.boolean().describe("Whether the trunk is active."),
    orgHandle: z.string().nullable().describe("The handle of the trunk's organization."),
  })
  .meta({ id: "SipTrunkSummary", description: "A SIP trunk as listed (secrets masked)." });
export type SipTrunkSummary = z.infer<typeof SipTrunkSummary>;

/** Lists the organization's SIP trunks (secrets masked). */
export async function listSipTrunks(client: VoiceClient): Promise<SipTrunkSummary[]> {
  return (await client.trunks.list()).data.map((t) => ({
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
  }));
}

export const sipTrunkLookups = [
  lookup({
    name: "getSipTrunks",
    description: "Lists the organization's SIP trunks (secrets masked).",
    args: z.object({}),
    output: SipTrunkSummary,
    many: true,
    run: listSipTrunks,
  }),
];
