import { z } from "zod";
import type { PageParams, PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";

/** A telephony provider of the catalogue; `slug` is what configurations name. */
export const TelephonyProvider = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});
export type TelephonyProvider = z.infer<typeof TelephonyProvider>;

/** `/telephony/providers/`. */
export class Providers extends APIResource {
  /** The provider catalogue. */
  list(params?: PageParams, options?: RequestOptions): PagePromise<TelephonyProvider> {
    return this._list("/telephony/providers/", TelephonyProvider, params, options);
  }
}
