import { z } from "zod";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";
import { check, PathSegment } from "../core/validate";

/** Organization analytics: task and call counts, mean call length, tasks by status. */
export const Analytics = z.looseObject({
  total_calls: z.number().int(),
  completed_calls: z.number().int(),
  failed_calls: z.number().int(),
  total_tasks: z.number().int(),
  avg_duration_seconds: z.number(),
  task_status_breakdown: z.looseObject({
    pending: z.number().int().nullish(),
    running: z.number().int().nullish(),
    completed: z.number().int().nullish(),
    failed: z.number().int().nullish(),
  }),
});
export type Analytics = z.infer<typeof Analytics>;

/** Parameters of `analytics.retrieve`. */
export const AnalyticsParams = z.object(
  { space_token: PathSegment.optional() },
  { error: "must be an object" },
);
export type AnalyticsParams = z.input<typeof AnalyticsParams>;

/** `/organisation/analytics/` (the spec spells the path `organisation`). */
export class AnalyticsResource extends APIResource {
  /** Analytics of the organization, or of one of its spaces (`space_token`). */
  retrieve(params?: AnalyticsParams, options?: RequestOptions): Promise<Analytics> {
    return this._t.request({
      method: "GET",
      path: "/organisation/analytics/",
      args: () => ({ query: check(AnalyticsParams, params ?? {}, "params") }),
      schema: Analytics,
      options,
    });
  }
}
