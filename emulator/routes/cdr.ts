import { cdrIndexOf } from "../domain/calls/cdr-index";
import { pageRequest, paginate } from "../domain/validation";
import { requireOrg } from "../http/auth";
import { ApiError, list } from "../http/envelope";
import type { PlatformRouter } from "../http/router";

const CALL_TYPES = ["inbound", "outbound"];
const CALL_STATUSES = ["completed", "notConnected", "failed"];

/** A filter value: `undefined` when absent, else one of `allowed` (400 naming the field otherwise). */
function filter(
  query: Record<string, unknown>,
  field: string,
  allowed: string[],
  bad: Record<string, string>,
) {
  const raw = query[field];
  if (raw === undefined) return undefined;
  if (typeof raw === "string" && allowed.includes(raw)) return raw;
  bad[field] = `must be one of ${allowed.join(", ")}`;
  return undefined;
}

/** `GET /cdr/`: SIP call detail records of the `Org-Handle` organization (decision K6). */
export function registerCdrRoutes(router: PlatformRouter): void {
  router.get("/cdr/", (req) => {
    const org = requireOrg(req.ctx.store, req.grant, req.headers);
    const bad: Record<string, string> = {};
    const callType = filter(req.query, "call_type", CALL_TYPES, bad);
    const callStatus = filter(req.query, "call_status", CALL_STATUSES, bad);
    if (Object.keys(bad).length > 0) throw new ApiError(400, "validation_error", "Invalid filters", bad);
    const page = pageRequest(req.query);
    const records = cdrIndexOf(req.ctx.store.state).list(org.domain_handle, callType, callStatus);
    const data = paginate(records, page).map(({ organization: _, ...cdr }) => cdr);
    return list(data, records.length, "Call records retrieved successfully");
  });
}
