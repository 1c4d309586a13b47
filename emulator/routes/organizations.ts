import { pageRequest, paginate } from "../domain/validation";
import { list } from "../http/envelope";
import type { PlatformRouter } from "../http/router";

/** `GET /organizations/`: exactly the organizations the token may use (decision O1). */
export function registerOrganizationRoutes(router: PlatformRouter): void {
  router.get("/organizations/", (req) => {
    const page = pageRequest(req.query);
    const orgs = req.ctx.store.state.organizations
      .filter((o) => req.grant.organizations.includes(o.domain_handle))
      .sort((a, b) => a.id - b.id);
    const data = paginate(orgs, page).map(({ id, name, domain_handle, created_at }) => ({
      id,
      name,
      domain_handle,
      created_at,
    }));
    return list(data, orgs.length, "Organizations retrieved successfully");
  });
}
