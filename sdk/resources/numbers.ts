import { z } from "zod";
import type { PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";
import { check, PageParams } from "../core/validate";

/** A telephony number (read-only through the API). */
export const TelephonyNumber = z.looseObject({
  id: z.number().int(),
  number: z.string(),
  state: z.string(),
  active: z.boolean(),
});
export type TelephonyNumber = z.infer<typeof TelephonyNumber>;

/** `scope`: `organization` (default) sends `Org-Handle` — own numbers plus the pool; `pool` sends none. */
export const NumberListParams = PageParams.extend({
  scope: z.enum(["organization", "pool"], { error: "must be organization or pool" }).optional(),
});
export type NumberListParams = z.input<typeof NumberListParams>;

/** `/telephony/numbers/`. */
export class Numbers extends APIResource {
  /** Numbers of the organization plus the pool, or the pool only (`scope: "pool"`). */
  list(params?: NumberListParams, options?: RequestOptions): PagePromise<TelephonyNumber> {
    return this._list("/telephony/numbers/", TelephonyNumber, params, options, {
      args: (p) => {
        const { scope, ...query } = check(NumberListParams, p, "params");
        return { query, orgHandle: scope !== "pool" };
      },
    });
  }
}
