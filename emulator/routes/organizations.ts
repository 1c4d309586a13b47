import { organizationByHandle } from "../domain/directory";
import type { Organization } from "../domain/state";
import { indexOf } from "../domain/state-index";
import { pageRequest, paginate } from "../domain/validation";
import { list } from "../http/envelope";
import type { PlatformRouter } from "../http/router";

/** `GET /organizations/`: exactly the organizations the token may use (decision O1). */
export function registerOrganizationRoutes(router: PlatformRouter): void {
  router.get("/organizations/", (req) => {
    const page = pageRequest(req.query);
    const state = req.ctx.store.state;
    // In organization id order, as the index keeps a token's handles.
    const orgs = indexOf(state)
      .handlesOf(req.grant)
      .map((handle) => organizationByHandle(state, handle))
      .filter((o): o is Organization => o !== undefined);
    const data = paginate(orgs, page).map(({ id, name, domain_handle, created_at }) => ({
      id,
      name,
      domain_handle,
      created_at,
    }));
    return list(data, orgs.length, "Organizations retrieved successfully");
  });
}
