import {
  assertAccountFree,
  configurationCreateSchema,
  configurationUpdateSchema,
  configurationView,
  findConfiguration,
  updateConfiguration,
} from "../domain/provider-configurations";
import { now, type ProviderConfiguration } from "../domain/state";
import { addConfiguration, removeConfiguration } from "../domain/state-changes";
import { indexOf, inOrder } from "../domain/state-index";
import { pageRequest, paginate, parseBody } from "../domain/validation";
import { requireOrg } from "../http/auth";
import { jsonObject } from "../http/body";
import { ApiError, list, noContent, ok } from "../http/envelope";
import type { PlatformRequest, PlatformRouter } from "../http/router";

const PATH = "/telephony/providers-configurations/";

function scope(req: PlatformRequest) {
  return { org: requireOrg(req.ctx.store, req.grant, req.headers).domain_handle, state: req.ctx.store.state };
}

/** `/telephony/providers-configurations/…` endpoints. */
export function registerProviderConfigurationRoutes(router: PlatformRouter): void {
  router.get(PATH, (req) => {
    const { org, state } = scope(req);
    const page = pageRequest(req.query);
    const all = inOrder(indexOf(state).configurationsByOrganization.get(org));
    const data = paginate(all, page).map(configurationView);
    return list(data, all.length, "Provider configurations retrieved successfully");
  });

  router.post(PATH, (req) => {
    const { org, state } = scope(req);
    const input = parseBody(configurationCreateSchema(state), jsonObject(req.body));
    assertAccountFree(state, org, input.provider, input.account_sid);
    const created = req.ctx.store.write((s) => {
      const record: ProviderConfiguration = {
        id: req.ctx.store.nextId("configurations"),
        organization: org,
        provider: input.provider,
        account_sid: input.account_sid,
        auth_token: input.auth_token,
        created_at: now(),
      };
      addConfiguration(s, record);
      return record;
    });
    return ok(configurationView(created), "Provider configuration created successfully", 201);
  });

  router.get(`${PATH}:id/`, (req) => {
    const { org, state } = scope(req);
    const found = findConfiguration(state, org, String(req.params.id));
    return ok(configurationView(found), "Provider configuration retrieved successfully");
  });

  router.patch(`${PATH}:id/`, (req) => {
    const { org, state } = scope(req);
    const found = findConfiguration(state, org, String(req.params.id));
    const input = parseBody(configurationUpdateSchema, jsonObject(req.body));
    updateConfiguration(req, found, input);
    return ok(configurationView(found), "Provider configuration updated successfully");
  });

  router.delete(`${PATH}:id/`, (req) => {
    const { org, state } = scope(req);
    const found = findConfiguration(state, org, String(req.params.id));
    if (indexOf(state).linksByConfiguration.has(found.id)) {
      throw new ApiError(
        400,
        "configuration_in_use",
        `Provider configuration ${found.id} is used by bridge numbers; disconnect them first`,
      );
    }
    req.ctx.store.write((s) => {
      removeConfiguration(s, found);
    });
    return noContent();
  });
}
