import { numberState, numbersVisibleTo } from "../domain/inventory";
import { pageRequest, paginate } from "../domain/validation";
import { optionalOrg } from "../http/auth";
import { list } from "../http/envelope";
import type { PlatformRouter } from "../http/router";

/** `GET /telephony/numbers/`: own numbers plus the pool with `Org-Handle`, the pool without (O6). */
export function registerNumberRoutes(router: PlatformRouter): void {
  router.get("/telephony/numbers/", (req) => {
    const state = req.ctx.store.state;
    const org = optionalOrg(req.ctx.store, req.grant, req.headers);
    const page = pageRequest(req.query);
    const numbers = numbersVisibleTo(state, org?.domain_handle);
    const data = paginate(numbers, page).map((n) => ({
      id: n.id,
      number: n.number,
      state: numberState(state, n),
      active: n.organization !== null,
    }));
    return list(data, numbers.length, "Telephony numbers retrieved successfully");
  });
}
