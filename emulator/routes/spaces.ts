import { spaceIn, spacesOf } from "../domain/directory";
import type { Space } from "../domain/state";
import { pageRequest, paginate } from "../domain/validation";
import { visibleOrganizations } from "../http/auth";
import { list, notFound, ok } from "../http/envelope";
import type { PlatformRouter } from "../http/router";

function spaceView({ id, name, token, agent_handle, created_at }: Space) {
  return { id, name, token, agent_handle, created_at };
}

/** `GET /spaces/` and `GET /spaces/{space_token}/`, scoped as decision O3 says. */
export function registerSpaceRoutes(router: PlatformRouter): void {
  router.get("/spaces/", (req) => {
    const orgs = visibleOrganizations(req.ctx.store, req.grant, req.headers);
    const page = pageRequest(req.query);
    const spaces = spacesOf(req.ctx.store.state, orgs);
    return list(paginate(spaces, page).map(spaceView), spaces.length, "Spaces retrieved successfully");
  });

  router.get("/spaces/:space_token/", (req) => {
    const orgs = visibleOrganizations(req.ctx.store, req.grant, req.headers);
    const token = String(req.params.space_token);
    const space = spaceIn(req.ctx.store.state, token, orgs);
    if (space === undefined) throw notFound(`Space '${token}'`);
    return ok(spaceView(space), "Space retrieved successfully");
  });
}
