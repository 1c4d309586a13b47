import { z } from "zod";
import type { PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";
import { check, PageParams } from "../core/validate";

/** A SIP call detail record (voice-agent calls are not in this list). */
export const CallDetailRecord = z.looseObject({
  id: z.number().int(),
  source_number: z.string(),
  destination_number: z.string(),
  /** `inbound` or `outbound`. */
  call_type: z.string(),
  /** `completed`, `notConnected` or `failed`. */
  call_status: z.string(),
  bridge: z.looseObject({ id: z.number().int(), name: z.string() }).nullish(),
  creation_time: z.string().nullish(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  call_duration: z.number().nullish(),
  end_reason: z.string().nullish(),
  failure_source: z.string().nullish(),
  sip_cause: z.string().nullish(),
});
export type CallDetailRecord = z.infer<typeof CallDetailRecord>;

/** Filters and pages of `cdr.list`. */
export const CdrListParams = PageParams.extend({
  call_type: z.enum(["inbound", "outbound"], { error: "must be inbound or outbound" }).optional(),
  call_status: z
    .enum(["completed", "notConnected", "failed"], { error: "must be completed, notConnected or failed" })
    .optional(),
});
export type CdrListParams = z.input<typeof CdrListParams>;

/** `/cdr/` (requires `Org-Handle`). */
export class Cdr extends APIResource {
  /** SIP call detail records of the organization, filtered and paginated; filters carry across pages. */
  list(params?: CdrListParams, options?: RequestOptions): PagePromise<CallDetailRecord> {
    return this._list("/cdr/", CallDetailRecord, params, options, {
      args: (p) => ({ query: check(CdrListParams, p, "params") }),
    });
  }
}
