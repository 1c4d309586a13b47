import {
  bridgeConnectSchema,
  bridgeCreateSchema,
  bridgeDetailView,
  bridgeDisconnectSchema,
  bridgeListView,
  bridgeUpdateSchema,
  findBridge,
} from "../domain/bridges";
import { bridgeOfLink, linkOfNumber, numberByValue, numberInAccount } from "../domain/inventory";
import { type Bridge, now } from "../domain/state";
import { addBridge, addLink, removeBridge, removeLink } from "../domain/state-changes";
import { indexOf, inOrder } from "../domain/state-index";
import { pageRequest, paginate, parseBody } from "../domain/validation";
import { requireOrg } from "../http/auth";
import { jsonObject } from "../http/body";
import { ApiError, list, noContent, ok } from "../http/envelope";
import type { PlatformRequest, PlatformRouter } from "../http/router";

function scope(req: PlatformRequest) {
  const org = requireOrg(req.ctx.store, req.grant, req.headers);
  return { org: org.domain_handle, state: req.ctx.store.state };
}

/** `/telephony/bridges/…` endpoints. */
export function registerBridgeRoutes(router: PlatformRouter): void {
  router.get("/telephony/bridges/", (req) => {
    const { org, state } = scope(req);
    const page = pageRequest(req.query);
    const bridges = inOrder(indexOf(state).bridgesByOrganization.get(org));
    const data = paginate(bridges, page).map((b) => bridgeListView(state, b));
    return list(data, bridges.length, "Bridges retrieved successfully");
  });

  router.post("/telephony/bridges/", (req) => {
    const { org, state } = scope(req);
    const input = parseBody(bridgeCreateSchema, jsonObject(req.body));
    if (indexOf(state).bridgeBySlug(org, input.slug) !== undefined) {
      throw new ApiError(400, "already_exists", `A bridge with slug '${input.slug}' already exists`, {
        slug: "already exists",
      });
    }
    const bridge = req.ctx.store.write((s) => {
      const record: Bridge = {
        id: req.ctx.store.nextId("bridges"),
        organization: org,
        name: input.name,
        slug: input.slug,
        created_at: now(),
      };
      addBridge(s, record);
      return record;
    });
    const { id, name, slug: createdSlug, created_at } = bridge;
    return ok({ id, name, slug: createdSlug, created_at }, "Bridge created successfully", 201);
  });

  router.get("/telephony/bridges/:slug/", (req) => {
    const { org, state } = scope(req);
    const bridge = findBridge(state, org, String(req.params.slug));
    return ok(bridgeDetailView(state, bridge), "Bridge retrieved successfully");
  });

  router.patch("/telephony/bridges/:slug/", (req) => {
    const { org, state } = scope(req);
    const bridge = findBridge(state, org, String(req.params.slug));
    const input = parseBody(bridgeUpdateSchema, jsonObject(req.body));
    if (input.name !== undefined) {
      const name = input.name;
      req.ctx.store.write(() => {
        bridge.name = name;
      });
    }
    return ok(bridgeListView(state, bridge), "Bridge updated successfully");
  });

  router.delete("/telephony/bridges/:slug/", (req) => {
    const { org, state } = scope(req);
    const bridge = findBridge(state, org, String(req.params.slug));
    if (indexOf(state).linksByBridge.has(bridge.id)) {
      throw new ApiError(
        400,
        "bridge_has_numbers",
        `Bridge '${bridge.slug}' still has numbers; disconnect them before deleting it`,
      );
    }
    req.ctx.store.write((s) => {
      removeBridge(s, bridge);
    });
    return noContent();
  });

  router.post("/telephony/bridges/:slug/connect-provider/", (req) => {
    const { org, state } = scope(req);
    const bridge = findBridge(state, org, String(req.params.slug));
    const input = parseBody(bridgeConnectSchema, jsonObject(req.body));
    const configuration = indexOf(state).configurationById.get(input.provider_config_id);
    if (configuration === undefined || configuration.organization !== org) {
      throw new ApiError(
        400,
        "invalid_provider_config",
        `Provider configuration ${input.provider_config_id} not found`,
        { provider_config_id: "must name a provider configuration of the organization" },
      );
    }
    const number = numberInAccount(state, configuration, input.phone_number);
    if (number === undefined) {
      throw new ApiError(
        400,
        "number_not_in_account",
        `${input.phone_number} is not in the ${configuration.provider} account ${configuration.account_sid}`,
        { phone_number: "must be a number of the configuration's provider account" },
      );
    }
    const existing = linkOfNumber(state, number.id);
    if (existing !== undefined) {
      const other = bridgeOfLink(state, existing);
      throw new ApiError(
        400,
        "number_already_linked",
        `${number.number} is already linked to bridge '${other?.slug ?? existing.bridge_id}'`,
        { phone_number: "is already linked to a bridge" },
      );
    }
    req.ctx.store.write((s) => {
      addLink(s, {
        id: req.ctx.store.nextId("links"),
        bridge_id: bridge.id,
        number_id: number.id,
        configuration_id: configuration.id,
        created_at: now(),
      });
    });
    return ok(
      { message: "Provider connected successfully", bridge_slug: bridge.slug, phone_number: number.number },
      "Provider connected successfully",
    );
  });

  router.post("/telephony/bridges/:slug/disconnect-provider/", (req) => {
    const { org, state } = scope(req);
    const bridge = findBridge(state, org, String(req.params.slug));
    const input = parseBody(bridgeDisconnectSchema, jsonObject(req.body));
    const number = numberByValue(state, input.phone_number);
    const link = number === undefined ? undefined : linkOfNumber(state, number.id);
    if (link === undefined || link.bridge_id !== bridge.id) {
      throw new ApiError(
        400,
        "number_not_linked",
        `${input.phone_number} is not linked to bridge '${bridge.slug}'`,
        { phone_number: "is not linked to this bridge" },
      );
    }
    req.ctx.store.write((s) => {
      removeLink(s, link);
    });
    return ok(
      { message: "Provider disconnected successfully", bridge_slug: bridge.slug },
      "Provider disconnected successfully",
    );
  });
}
