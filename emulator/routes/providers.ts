import { pageRequest, paginate } from "../domain/validation";
import { list } from "../http/envelope";
import type { PlatformRouter } from "../http/router";

/** `GET /telephony/providers/`: the global catalogue; `Org-Handle` plays no part. */
export function registerProviderRoutes(router: PlatformRouter): void {
  router.get("/telephony/providers/", (req) => {
    const page = pageRequest(req.query);
    const providers = [...req.ctx.store.state.providers].sort((a, b) => a.id - b.id);
    const data = paginate(providers, page).map(({ id, name, slug }) => ({ id, name, slug }));
    return list(data, providers.length, "Telephony providers retrieved successfully");
  });
}
