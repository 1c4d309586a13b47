import type { SipTrunk } from "../../../sdk";
import type { ExportMapping } from "../../runtime/export-mapping";
import { quoted } from "../../runtime/quoted";
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

/**
 * A trunk exported: the kind `trunk`, read one by one (listings mask the user name), named by its
 * name and read by its platform id; its password, when it has one, comes from secret config.
 */
export const SIP_TRUNK_EXPORT = {
  kind: "trunk",
  aliases: [],
  counted: "SIP trunk",
  comment: "SIP trunks: the passwords are masked by the platform, so they come from secret config.",
  source: {
    read: async (client, progress) => {
      const listed: SipTrunk[] = [];
      for await (const t of client.trunks.list()) listed.push(t);
      progress.read("SIP trunks (listed)", listed);
      let done = 0;
      return Promise.all(
        listed.map(async (t) => {
          const full = await client.trunks.retrieve(t.id);
          progress.tick("SIP trunks read", ++done, listed.length);
          return full;
        }),
      );
    },
  },
  names: (t) => [t.name],
  label: (t) => `trunk ${t.id} (${quoted(t.name)})`,
  title: (t) => t.name,
  shownId: (id) => id,
  text: (t) => ({
    name: t.name,
    "SIP URL": t.sip_url,
    "auth user name": t.auth_username,
    "allowed IPs": t.allowed_ips,
    transport: t.transport,
    port: String(t.port),
  }),
  naming: { name: (t) => t.name, sanitize: true, stem: "trunk", suffix: "Trunk" },
  binding: "when-referenced",
  id: (t) => String(t.id),
  inputs: (t) => ({ ...trunkFields(t) }),
  secrets: {
    authPassword: {
      key: "SipPassword",
      noun: "SIP passwords",
      describe: (t) => `the SIP password of trunk ${quoted(t.name)}`,
      // A listing shows a mask where the platform holds a password.
      held: (t) => Boolean(t.auth_password),
    },
  },
  references: {},
} satisfies ExportMapping<"trunk", SipTrunk>;
