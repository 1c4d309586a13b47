// SIP trunks as the platform keeps them: their rules, their masked views, how one is found and changed.
import { z } from "zod";
import { ApiError, notFound } from "./api-error";
import type { EmulatorContext } from "./context";
import type { EmulatorState, Trunk } from "./state";
import { indexOf, inOrder } from "./state-index";
import { isIpOrCidr, isSipTarget, str } from "./validation";

/** What every answer shows instead of a set password (decision T5). */
const PASSWORD_MASK = "********";

const fields = {
  name: str(),
  sip_url: str().refine(isSipTarget, { error: "must be a host name, an IP address or a sip:/sips: URI" }),
  transport: z.enum(["tcp", "udp", "tls"], { error: "must be one of tcp, udp, tls" }),
  port: z
    .string({ error: "must be a string of digits" })
    .regex(/^[1-9]\d{0,4}$/, { error: "must be a port number from 1 to 65535, as a string" })
    .refine((v) => Number(v) <= 65535, { error: "must be a port number from 1 to 65535, as a string" }),
  auth_username: str().nullable(),
  auth_password: str().nullable(),
  source_ips: z.array(
    z
      .string({ error: "must be a string" })
      .refine(isIpOrCidr, { error: "must be an IPv4 or IPv6 address or CIDR" }),
    { error: "must be an array of IP addresses" },
  ),
};

export const trunkCreateSchema = z.object({
  name: fields.name,
  sip_url: fields.sip_url,
  transport: fields.transport.default("tcp"),
  port: fields.port.default("5060"),
  auth_username: fields.auth_username.default(null),
  auth_password: fields.auth_password.default(null),
  source_ips: fields.source_ips.default([]),
});

/** PATCH body (decision T3): every create field, all optional; `source_ips` replaces the set. */
export const trunkUpdateSchema = z.object({
  name: fields.name.optional(),
  sip_url: fields.sip_url.optional(),
  transport: fields.transport.optional(),
  port: fields.port.optional(),
  auth_username: fields.auth_username.optional(),
  auth_password: fields.auth_password.optional(),
  source_ips: fields.source_ips.optional(),
});
export type TrunkUpdate = z.output<typeof trunkUpdateSchema> & { active?: boolean | undefined };

function maskUsername(value: string): string {
  return `${value.slice(0, 2)}***`;
}

/** A trunk as answers show it (T4); listings also mask the user name (T5). */
export function trunkView(trunk: Trunk, listing = false) {
  return {
    id: trunk.id,
    name: trunk.name,
    sip_url: trunk.sip_url,
    transport: trunk.transport,
    port: trunk.port,
    auth_username:
      trunk.auth_username !== null && listing ? maskUsername(trunk.auth_username) : trunk.auth_username,
    auth_password: trunk.auth_password === null ? null : PASSWORD_MASK,
    allowed_ips: trunk.source_ips.join(","),
    active: trunk.active,
    org_handle: trunk.organization,
    created_at: trunk.created_at,
  };
}

/** The organization's trunk with this id (path text), or 404 (decisions T1, O4). */
export function findTrunk(state: EmulatorState, organization: string, rawId: string): Trunk {
  const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : Number.NaN;
  const found = indexOf(state).trunkById.get(id);
  if (found === undefined || found.organization !== organization) throw notFound(`SIP trunk '${rawId}'`);
  return found;
}

export function assertTrunkNameFree(
  state: EmulatorState,
  organization: string,
  name: string,
  except?: number,
): void {
  const trunks = inOrder(indexOf(state).trunksByOrganization.get(organization));
  if (trunks.some((t) => t.name === name && t.id !== except)) {
    throw new ApiError(400, "already_exists", `A SIP trunk named '${name}' already exists`, {
      name: "already exists",
    });
  }
}

/** Apply a validated update (shared with the admin surface, which may also set `active`). */
export function updateTrunk(req: { readonly ctx: EmulatorContext }, trunk: Trunk, input: TrunkUpdate): void {
  if (input.name !== undefined)
    assertTrunkNameFree(req.ctx.store.state, trunk.organization, input.name, trunk.id);
  req.ctx.store.write(() => {
    if (input.name !== undefined) trunk.name = input.name;
    if (input.sip_url !== undefined) trunk.sip_url = input.sip_url;
    if (input.transport !== undefined) trunk.transport = input.transport;
    if (input.port !== undefined) trunk.port = input.port;
    if (input.auth_username !== undefined) trunk.auth_username = input.auth_username;
    if (input.auth_password !== undefined) trunk.auth_password = input.auth_password;
    if (input.source_ips !== undefined) trunk.source_ips = [...input.source_ips];
    if (input.active !== undefined) trunk.active = input.active;
  });
}
