import { z } from "zod";
import type { PageParams, PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";
import { check, Id, IpOrCidr, Port, Secret255, SipTransport, SipUrl, Text255 } from "../core/validate";

/**
 * A SIP trunk (T4). `auth_password` is `"********"` when set; listings also mask `auth_username`
 * (T5). `port` is a string on the wire; a numeric one is accepted and turned into a string.
 */
export const SipTrunk = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  sip_url: z.string(),
  transport: z.string(),
  port: z.union([z.string(), z.number().transform(String)]),
  auth_username: z.string().nullish(),
  auth_password: z.string().nullish(),
  allowed_ips: z.union([z.string(), z.array(z.string()).transform((ips) => ips.join(","))]),
  active: z.boolean(),
  org_handle: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type SipTrunk = z.infer<typeof SipTrunk>;

const fields = {
  name: Text255,
  sip_url: SipUrl,
  transport: SipTransport.optional(),
  port: Port.optional(),
  // T6: `null` or a non-empty string of at most 255 characters.
  auth_username: Text255.nullable().optional(),
  auth_password: Secret255.nullable().optional(),
  source_ips: z.array(IpOrCidr, { error: "must be an array of IP addresses" }).optional(),
};
const obj = { error: "must be an object" };

/** Body of create; the platform defaults `transport` to `tcp` and `port` to `"5060"`. */
export const SipTrunkCreateParams = z.object(fields, obj);
export type SipTrunkCreateParams = z.input<typeof SipTrunkCreateParams>;

/** Body of update: any subset; `source_ips` replaces the whole set. */
export const SipTrunkUpdateParams = z.object(fields, obj).partial();
export type SipTrunkUpdateParams = z.input<typeof SipTrunkUpdateParams>;

const ONE = "/telephony/trunks/{id}/";
const idArg = (id: unknown) => ({ id: check(Id, id, "id") });

/** `/telephony/trunks/` (single read/update/delete per decision T1). */
export class Trunks extends APIResource {
  /** Trunks of the organization, secrets masked. */
  list(params?: PageParams, options?: RequestOptions): PagePromise<SipTrunk> {
    return this._list("/telephony/trunks/", SipTrunk, params, options);
  }

  /** Creates a trunk; BadRequestError `already_exists` for a taken name. */
  create(params: SipTrunkCreateParams, options?: RequestOptions): Promise<SipTrunk> {
    return this._t.request({
      method: "POST",
      path: "/telephony/trunks/",
      args: () => ({ body: check(SipTrunkCreateParams, params, "") }),
      schema: SipTrunk,
      options,
    });
  }

  /** One trunk; NotFoundError if unknown. */
  retrieve(id: number, options?: RequestOptions): Promise<SipTrunk> {
    return this._t.request({
      method: "GET",
      path: ONE,
      args: () => ({ params: idArg(id) }),
      schema: SipTrunk,
      options,
    });
  }

  /** Changes the given fields. */
  update(id: number, params: SipTrunkUpdateParams, options?: RequestOptions): Promise<SipTrunk> {
    return this._t.request({
      method: "PATCH",
      path: ONE,
      args: () => ({ params: idArg(id), body: check(SipTrunkUpdateParams, params, "") }),
      schema: SipTrunk,
      options,
    });
  }

  /** Deletes a trunk. */
  delete(id: number, options?: RequestOptions): Promise<void> {
    return this._t.request({
      method: "DELETE",
      path: ONE,
      args: () => ({ params: idArg(id) }),
      schema: null,
      options,
    });
  }
}
