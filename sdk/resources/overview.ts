import { z } from "zod";
import type { PageParams, PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";

/** One row per own number (B10); `bridge_slug` is null for an unlinked number. */
export const OverviewRow = z.looseObject({
  number_id: z.number().int(),
  number: z.string(),
  bridge_slug: z.string().nullish(),
  connection_state: z.string(),
  termination_kind: z.string().nullish(),
  agent_id: z.union([z.string(), z.number()]).nullish(),
  sync_state: z.string().nullish(),
  sync_detail: z.unknown(),
});
export type OverviewRow = z.infer<typeof OverviewRow>;

/** `/telephony/overview/`. */
export class Overview extends APIResource {
  /** The telephony overview; a 206 (no or unknown `Org-Handle`) rejects with BusinessLogicError. */
  list(params?: PageParams, options?: RequestOptions): PagePromise<OverviewRow> {
    return this._list("/telephony/overview/", OverviewRow, params, options, { productId: true });
  }
}
