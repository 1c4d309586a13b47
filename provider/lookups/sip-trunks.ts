import { z } from "zod";
import { SipTrunk as PlatformTrunk, splitAllowedIps, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** A SIP trunk as listed: the platform masks `authUsername` and `authPassword` here. */
export const SipTrunkSummary = view(
  PlatformTrunk,
  { id: "SipTrunkSummary", description: "A SIP trunk as listed (secrets masked)." },
  {
    id: "The trunk's id.",
    name: "The trunk's name.",
    sip_url: "The trunk's SIP URL.",
    transport: "`udp`, `tcp` or `tls`.",
    // The SDK reads a numeric port as a string, and the comma-joined `allowed_ips` is a list here.
    port: z.string().describe("The SIP port."),
    auth_username: "The auth username, masked.",
    auth_password: "The auth password, masked.",
    allowed_ips: z.array(z.string()).describe("The addresses calls may come from."),
    active: "Whether the trunk is active.",
    org_handle: "The handle of the trunk's organization.",
  },
);
export type SipTrunkSummary = z.infer<typeof SipTrunkSummary>;

/** Lists the organization's SIP trunks (secrets masked). */
export async function listSipTrunks(client: VoiceClient): Promise<SipTrunkSummary[]> {
  return (await client.trunks.list()).data.map((t) => ({
    ...seen(SipTrunkSummary, t),
    port: String(t.port),
    allowedIps: splitAllowedIps(t.allowed_ips),
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
