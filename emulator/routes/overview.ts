import { organizationByHandle } from "../domain/directory";
import { bridgeOfLink, linkOfNumber } from "../domain/inventory";
import { numberAgent } from "../domain/number-settings";
import { indexOf, inOrder } from "../domain/state-index";
import { pageRequest, paginate } from "../domain/validation";
import { orgHandleHeader } from "../http/auth";
import { list } from "../http/envelope";
import type { PlatformRouter } from "../http/router";

/** `GET /telephony/overview/`: one row per own number (B10); 206 `{message}` without a usable org (O5). */
export function registerOverviewRoutes(router: PlatformRouter): void {
  router.get("/telephony/overview/", (req) => {
    const state = req.ctx.store.state;
    const handle = orgHandleHeader(req.headers);
    if (handle === null) return { status: 206, body: { message: "Org-Handle header is required" } };
    const org = organizationByHandle(state, handle);
    if (org === undefined || !indexOf(state).mayUse(req.grant, handle)) {
      return { status: 206, body: { message: `Organization '${handle}' not found` } };
    }
    const page = pageRequest(req.query);
    const numbers = inOrder(indexOf(state).numbersByOrganization.get(handle));
    const rows = paginate(numbers, page).map((n) => {
      const link = linkOfNumber(state, n.id);
      const bridge = link === undefined ? undefined : bridgeOfLink(state, link);
      return {
        number_id: n.id,
        number: n.number,
        bridge_slug: bridge?.slug ?? null,
        connection_state: bridge === undefined ? "UNLINKED" : "LINKED",
        termination_kind: "sip",
        agent_id: numberAgent(state, n.id),
        sync_state: "synced",
        sync_detail: null,
      };
    });
    return list(rows, numbers.length, "Telephony overview retrieved successfully");
  });
}
