import { z } from "zod";
import type { PageParams, PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";

/** An organization; `domain_handle` is the `Org-Handle` header value. */
export const Organization = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  domain_handle: z.string(),
  created_at: z.string().nullish(),
});
export type Organization = z.infer<typeof Organization>;

/** `/organizations/`. */
export class Organizations extends APIResource {
  /** The organizations the token may use. */
  list(params?: PageParams, options?: RequestOptions): PagePromise<Organization> {
    return this._list("/organizations/", Organization, params, options);
  }
}
