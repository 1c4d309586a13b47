// An organization's telephony made through the SDK, as a team clicks it together in the dashboard:
// what an export takes over, in the export round trips (seeded, random) and the export benchmark (large).
import type { AdminClient } from "../emulator";
import { VoiceClient } from "../sdk";

/** A provider account of the organization, whether or not a configuration connects it. */
export interface AccountSpec {
  provider: string;
  accountSid: string;
  numbers: string[];
  /** Connected by a configuration (with this auth token). */
  authToken?: string;
}

export interface TrunkSpec {
  name: string;
  sipUrl: string;
  transport: "tcp" | "udp" | "tls";
  port: string;
  authUsername?: string;
  authPassword?: string;
  allowedIps: string[];
}

/** Everything the organization holds; a link is a number of a connected account put on a bridge. */
export interface OrgSpec {
  handle: string;
  /** A token of an organization the emulator already holds (the seeded demo one); otherwise both are made. */
  token?: string;
  accounts: AccountSpec[];
  bridges: { name: string; slug: string }[];
  /** Links: phone number → bridge slug (the number's account must be connected). */
  links: Record<string, string>;
  trunks: TrunkSpec[];
}

/** Creates the organization and a token for it (unless it exists), then its telephony through the SDK; answers the token. */
export async function buildOrganization(
  apiUrl: string,
  admin: AdminClient,
  spec: OrgSpec,
  concurrency = 16,
): Promise<string> {
  const token = spec.token ?? `token-${spec.handle}`;
  await admin.seed({
    ...(spec.token === undefined
      ? {
          organizations: [{ domain_handle: spec.handle, name: `Org ${spec.handle}` }],
          tokens: [{ token, organizations: [spec.handle] }],
        }
      : {}),
    providerAccounts: spec.accounts.map((a) => ({
      organization: spec.handle,
      provider: a.provider,
      account_sid: a.accountSid,
      numbers: a.numbers,
    })),
  });
  const client = new VoiceClient({
    baseUrl: apiUrl,
    token,
    orgHandle: spec.handle,
    maxConcurrency: concurrency,
  });
  const configIds = new Map<string, number>();
  for (const a of spec.accounts) {
    if (a.authToken === undefined) continue;
    const c = await client.providerConfigurations.create({
      provider: a.provider,
      account_sid: a.accountSid,
      auth_token: a.authToken,
    });
    for (const n of a.numbers) configIds.set(n, c.id);
  }
  await Promise.all(spec.bridges.map((b) => client.bridges.create(b)));
  await Promise.all(
    Object.entries(spec.links).map(([phone, slug]) => {
      const id = configIds.get(phone);
      if (id === undefined) throw new Error(`${phone}: its account has no configuration`);
      return client.bridges.connectProvider(slug, { provider_config_id: id, phone_number: phone });
    }),
  );
  for (const t of spec.trunks) {
    await client.trunks.create({
      name: t.name,
      sip_url: t.sipUrl,
      transport: t.transport,
      port: t.port,
      ...(t.authUsername === undefined ? {} : { auth_username: t.authUsername }),
      ...(t.authPassword === undefined ? {} : { auth_password: t.authPassword }),
      source_ips: t.allowedIps,
    });
  }
  return token;
}
