import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { registerAdminCallRoutes } from "./admin-calls";
import { jsonObject } from "./body";
import type { EmulatorContext } from "./context";
import { ApiError } from "./envelope";
import { faultInputSchema } from "./faults";
import { unlinkBridge, unlinkConfiguration } from "./inventory";
import { bridgeListView, bridgeName, findBridge } from "./routes/bridges";
import {
  configurationUpdateSchema,
  configurationView,
  findConfiguration,
  updateConfiguration,
} from "./routes/provider-configurations";
import { findTrunk, trunkUpdateSchema, trunkView, updateTrunk } from "./routes/trunks";
import { applySeed, demoState, SeedError, seedInputSchema } from "./seed";
import { e164, parseBody } from "./validation";

/** Where the admin surface lives (outside the platform API). */
export const ADMIN_PREFIX = "/_emulator";

type AdminHandler = (request: FastifyRequest) => unknown;
type Params = Record<string, string>;

const rateLimitSchema = z.object({
  limit: z.number({ error: "must be an integer >= 0" }).int({ error: "must be an integer >= 0" }).min(0),
  windowMs: z.number().int().min(1, { error: "must be an integer >= 1" }).default(60_000),
});
const adminTrunkSchema = trunkUpdateSchema.extend({
  active: z.boolean({ error: "must be a boolean" }).optional(),
});
const OK = { ok: true };

/**
 * Install `/_emulator/…`: no auth, no rate limit, no faults, not logged (docs/emulator.md).
 * Every answer is JSON; errors use the platform's `{error: {code, message[, fields]}}`.
 */
export function registerAdminRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const route = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    handler: AdminHandler,
  ) => {
    app.route({
      method,
      url: `${ADMIN_PREFIX}${path}`,
      handler: async (request, reply) => {
        try {
          const body = handler(request);
          ctx.persistence.flush();
          return reply.code(200).send(body);
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          return reply.code(e.status).send(e.toBody());
        }
      },
    });
  };
  const body = (request: FastifyRequest) => jsonObject(request.body);
  const params = (request: FastifyRequest) => request.params as Params;
  const org = (request: FastifyRequest) => {
    const handle = String(params(request).handle);
    if (!ctx.store.state.organizations.some((o) => o.domain_handle === handle)) {
      throw new ApiError(404, "not_found", `Organization '${handle}' not found`);
    }
    return handle;
  };
  const state = () => ctx.store.state;

  route("POST", "/reset", () => {
    ctx.store.replace(demoState(ctx.token));
    ctx.faults.clear();
    ctx.log.clear();
    ctx.limiter.clear();
    ctx.sessions.clear();
    return OK;
  });

  route("GET", "/state", () => ctx.store.state);
  route("GET", "/sessions", () => ({ sessions: ctx.sessions.list() }));

  route("POST", "/seed", (request) => {
    const input = parseBody(seedInputSchema, body(request));
    // Applied to a copy so that a seed refused half-way writes nothing.
    const next = structuredClone(ctx.store.state);
    try {
      applySeed(next, input);
    } catch (e) {
      if (!(e instanceof SeedError)) throw e;
      throw new ApiError(400, "validation_error", e.message, { [e.field]: e.message });
    }
    ctx.store.replace(next);
    return OK;
  });

  route("PUT", "/rate-limit", (request) => {
    const input = parseBody(rateLimitSchema, body(request));
    ctx.limiter.configure(input.limit, input.windowMs);
    return { limit: input.limit, windowMs: input.windowMs };
  });

  route("POST", "/faults", (request) => ({ id: ctx.faults.add(parseBody(faultInputSchema, body(request))) }));
  route("GET", "/faults", () => ({ faults: ctx.faults.list() }));
  route("DELETE", "/faults", () => {
    ctx.faults.clear();
    return OK;
  });

  route("GET", "/requests", () => ({ requests: ctx.log.entries() }));
  route("DELETE", "/requests", () => {
    ctx.log.clear();
    return OK;
  });

  const bridgePath = "/orgs/:handle/bridges/:slug";
  route("PATCH", bridgePath, (request) => {
    const bridge = findBridge(state(), org(request), String(params(request).slug));
    const { name } = parseBody(z.object({ name: bridgeName() }), body(request));
    ctx.store.write(() => {
      bridge.name = name;
    });
    return bridgeListView(state(), bridge);
  });
  route("DELETE", bridgePath, (request) => {
    const bridge = findBridge(state(), org(request), String(params(request).slug));
    ctx.store.write((s) => {
      unlinkBridge(s, bridge.id);
      s.bridges = s.bridges.filter((b) => b.id !== bridge.id);
    });
    return OK;
  });
  route("POST", `${bridgePath}/disconnect`, (request) => {
    const bridge = findBridge(state(), org(request), String(params(request).slug));
    const { phone_number } = parseBody(z.object({ phone_number: e164() }), body(request));
    const number = state().numbers.find((n) => n.number === phone_number);
    const link = state().links.find((l) => l.bridge_id === bridge.id && l.number_id === number?.id);
    if (link === undefined) {
      throw new ApiError(404, "not_found", `${phone_number} is not linked to bridge '${bridge.slug}'`);
    }
    ctx.store.write((s) => {
      s.links = s.links.filter((l) => l.id !== link.id);
    });
    return bridgeListView(state(), bridge);
  });

  const configurationPath = "/orgs/:handle/provider-configurations/:id";
  route("PATCH", configurationPath, (request) => {
    const configuration = findConfiguration(state(), org(request), String(params(request).id));
    updateConfiguration({ ctx }, configuration, parseBody(configurationUpdateSchema, body(request)));
    return configurationView(configuration);
  });
  route("DELETE", configurationPath, (request) => {
    const configuration = findConfiguration(state(), org(request), String(params(request).id));
    ctx.store.write((s) => {
      unlinkConfiguration(s, configuration.id);
      s.configurations = s.configurations.filter((c) => c.id !== configuration.id);
    });
    return OK;
  });

  registerAdminCallRoutes(route, ctx, body);

  const trunkPath = "/orgs/:handle/trunks/:id";
  route("PATCH", trunkPath, (request) => {
    const trunk = findTrunk(state(), org(request), String(params(request).id));
    updateTrunk({ ctx }, trunk, parseBody(adminTrunkSchema, body(request)));
    return trunkView(trunk);
  });
  route("DELETE", trunkPath, (request) => {
    const trunk = findTrunk(state(), org(request), String(params(request).id));
    ctx.store.write((s) => {
      s.trunks = s.trunks.filter((t) => t.id !== trunk.id);
    });
    return OK;
  });
}
