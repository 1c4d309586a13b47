import { z } from "zod";
import type { PageParams, PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";
import { check, E164, Id, Slug, Text255 } from "../core/validate";

/** A number entry of the list and update views: `{id, number, status}` (B4). */
export const BridgeListNumber = z.looseObject({
  id: z.number().int(),
  number: z.string(),
  status: z.string().nullish(),
});
export type BridgeListNumber = z.infer<typeof BridgeListNumber>;

/** A bridge as the list and update answers show it; `provider` is null while no number is linked. */
export const Bridge = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  provider: z.string().nullish(),
  created_at: z.string().nullish(),
  numbers: z.array(BridgeListNumber),
});
export type Bridge = z.infer<typeof Bridge>;

/** The create answer: `{id, name, slug, created_at}` (spec); a new bridge has no numbers. */
export const BridgeCreated = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  created_at: z.string().nullish(),
});
export type BridgeCreated = z.infer<typeof BridgeCreated>;

/** A number entry of the detail view; `id` is the link id, `number_id` the number's (B5). */
export const BridgeNumber = z.looseObject({
  id: z.number().int(),
  number_id: z.number().int(),
  number: z.string(),
  state: z.string(),
  active: z.boolean(),
  channels_count: z.number().int(),
  status: z.string().nullish(),
});
export type BridgeNumber = z.infer<typeof BridgeNumber>;

/** A bridge as `retrieve` shows it. */
export const BridgeDetail = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  provider: z.string().nullish(),
  created_at: z.string().nullish(),
  numbers: z.array(BridgeNumber),
});
export type BridgeDetail = z.infer<typeof BridgeDetail>;

/** Answer of `connectProvider`. */
export const BridgeConnectResult = z.looseObject({
  message: z.string().nullish(),
  bridge_slug: z.string(),
  phone_number: z.string().nullish(),
});
export type BridgeConnectResult = z.infer<typeof BridgeConnectResult>;

/** Answer of `disconnectProvider`. */
export const BridgeDisconnectResult = z.looseObject({
  message: z.string().nullish(),
  bridge_slug: z.string(),
});
export type BridgeDisconnectResult = z.infer<typeof BridgeDisconnectResult>;

const obj = { error: "must be an object" };
/** Body of create: a display name and the slug (identity, B1). */
export const BridgeCreateParams = z.object({ name: Text255, slug: Slug }, obj);
export type BridgeCreateParams = z.input<typeof BridgeCreateParams>;
/** Body of update: only the name can change (B3). */
export const BridgeUpdateParams = z.object({ name: Text255 }, obj);
export type BridgeUpdateParams = z.input<typeof BridgeUpdateParams>;
/** Body of connect: `phone_number` in E.164; separators are removed before sending (N3). */
export const BridgeConnectParams = z.object({ provider_config_id: Id, phone_number: E164 }, obj);
export type BridgeConnectParams = z.input<typeof BridgeConnectParams>;
/** Body of disconnect. */
export const BridgeDisconnectParams = z.object({ phone_number: E164 }, obj);
export type BridgeDisconnectParams = z.input<typeof BridgeDisconnectParams>;

const ONE = "/telephony/bridges/{slug}/";
const slugArg = (slug: unknown) => ({ slug: check(Slug, slug, "slug") });

/** `/telephony/bridges/`. */
export class Bridges extends APIResource {
  /** Bridges of the organization (list view). */
  list(params?: PageParams, options?: RequestOptions): PagePromise<Bridge> {
    return this._list("/telephony/bridges/", Bridge, params, options);
  }

  /** Creates a bridge; BadRequestError `already_exists` if the slug is taken. */
  create(params: BridgeCreateParams, options?: RequestOptions): Promise<BridgeCreated> {
    return this._t.request({
      method: "POST",
      path: "/telephony/bridges/",
      args: () => ({ body: check(BridgeCreateParams, params, "") }),
      schema: BridgeCreated,
      options,
    });
  }

  /** One bridge (detail view, with its numbers); NotFoundError if unknown. */
  retrieve(slug: string, options?: RequestOptions): Promise<BridgeDetail> {
    return this._t.request({
      method: "GET",
      path: ONE,
      args: () => ({ params: slugArg(slug) }),
      schema: BridgeDetail,
      options,
    });
  }

  /** Renames a bridge (the slug is identity); answers the list view. */
  update(slug: string, params: BridgeUpdateParams, options?: RequestOptions): Promise<Bridge> {
    return this._t.request({
      method: "PATCH",
      path: ONE,
      args: () => ({ params: slugArg(slug), body: check(BridgeUpdateParams, params, "") }),
      schema: Bridge,
      options,
    });
  }

  /** Deletes a bridge; BadRequestError `bridge_has_numbers` while numbers are linked. */
  delete(slug: string, options?: RequestOptions): Promise<void> {
    return this._t.request({
      method: "DELETE",
      path: ONE,
      args: () => ({ params: slugArg(slug) }),
      schema: null,
      options,
    });
  }

  /** Links a number of the configuration's account to the bridge (B7). */
  connectProvider(
    slug: string,
    params: BridgeConnectParams,
    options?: RequestOptions,
  ): Promise<BridgeConnectResult> {
    return this._t.request({
      method: "POST",
      path: "/telephony/bridges/{slug}/connect-provider/",
      args: () => ({ params: slugArg(slug), body: check(BridgeConnectParams, params, "") }),
      schema: BridgeConnectResult,
      options,
    });
  }

  /** Unlinks a number from the bridge (B8). */
  disconnectProvider(
    slug: string,
    params: BridgeDisconnectParams,
    options?: RequestOptions,
  ): Promise<BridgeDisconnectResult> {
    return this._t.request({
      method: "POST",
      path: "/telephony/bridges/{slug}/disconnect-provider/",
      args: () => ({ params: slugArg(slug), body: check(BridgeDisconnectParams, params, "") }),
      schema: BridgeDisconnectResult,
      options,
    });
  }
}
