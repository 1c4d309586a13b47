import { now, type Trunk } from "../domain/state";
import { addTrunk, removeTrunk } from "../domain/state-changes";
import { indexOf, inOrder } from "../domain/state-index";
import {
  assertTrunkNameFree,
  findTrunk,
  trunkCreateSchema,
  trunkUpdateSchema,
  trunkView,
  updateTrunk,
} from "../domain/trunks";
import { pageRequest, paginate, parseBody } from "../domain/validation";
import { requireOrg } from "../http/auth";
import { jsonObject } from "../http/body";
import { list, noContent, ok } from "../http/envelope";
import type { PlatformRequest, PlatformRouter } from "../http/router";

const PATH = "/telephony/trunks/";

function scope(req: PlatformRequest) {
  return { org: requireOrg(req.ctx.store, req.grant, req.headers).domain_handle, state: req.ctx.store.state };
}

/** `/telephony/trunks/…` endpoints (decisions T1–T5). */
export function registerTrunkRoutes(router: PlatformRouter): void {
  router.get(PATH, (req) => {
    const { org, state } = scope(req);
    const page = pageRequest(req.query);
    const all = inOrder(indexOf(state).trunksByOrganization.get(org));
    const data = paginate(all, page).map((t) => trunkView(t, true));
    return list(data, all.length, "SIP trunks retrieved successfully");
  });

  router.post(PATH, (req) => {
    const { org, state } = scope(req);
    const input = parseBody(trunkCreateSchema, jsonObject(req.body));
    assertTrunkNameFree(state, org, input.name);
    const created = req.ctx.store.write((s) => {
      const { source_ips, ...rest } = input;
      const record: Trunk = {
        id: req.ctx.store.nextId("trunks"),
        organization: org,
        ...rest,
        source_ips: [...source_ips],
        active: true,
        created_at: now(),
      };
      addTrunk(s, record);
      return record;
    });
    return ok(trunkView(created), "SIP trunk created successfully", 201);
  });

  router.get(`${PATH}:id/`, (req) => {
    const { org, state } = scope(req);
    return ok(trunkView(findTrunk(state, org, String(req.params.id))), "SIP trunk retrieved successfully");
  });

  router.patch(`${PATH}:id/`, (req) => {
    const { org, state } = scope(req);
    const trunk = findTrunk(state, org, String(req.params.id));
    updateTrunk(req, trunk, parseBody(trunkUpdateSchema, jsonObject(req.body)));
    return ok(trunkView(trunk), "SIP trunk updated successfully");
  });

  router.delete(`${PATH}:id/`, (req) => {
    const { org, state } = scope(req);
    const trunk = findTrunk(state, org, String(req.params.id));
    req.ctx.store.write((s) => {
      removeTrunk(s, trunk);
    });
    return noContent();
  });
}
