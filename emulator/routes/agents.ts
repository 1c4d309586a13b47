import { agentsOf } from "../domain/directory";
import { pageRequest, paginate } from "../domain/validation";
import { visibleOrganizations } from "../http/auth";
import { list } from "../http/envelope";
import type { PlatformRouter } from "../http/router";

/** `GET /agents/`, scoped as decision O3 says. */
export function registerAgentRoutes(router: PlatformRouter): void {
  router.get("/agents/", (req) => {
    const orgs = visibleOrganizations(req.ctx.store, req.grant, req.headers);
    const page = pageRequest(req.query);
    const agents = agentsOf(req.ctx.store.state, orgs);
    const data = paginate(agents, page).map(({ handle, name, type, state, purpose }) => ({
      handle,
      name,
      type,
      state,
      purpose,
    }));
    return list(data, agents.length, "Agents retrieved successfully");
  });
}
