import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { bridgeListView, findBridge } from "../domain/bridges";
import type { EmulatorContext } from "../domain/context";
import { faultInputSchema } from "../domain/faults";
import {
  configurationUpdateSchema,
  configurationView,
  findConfiguration,
  updateConfiguration,
} from "../domain/provider-configurations";
import { applySeed, SeedError, seedInputSchema } from "../domain/seed/demo";
import { applyFleet, fleetOptionsSchema, startState } from "../domain/seed/fleet";
import { removeBridge, removeConfiguration } from "../domain/state-changes";
import { settled } from "../domain/table-removals";
import { trunkView } from "../domain/trunks";
import { parseBody } from "../domain/validation";
import { jsonObject } from "../http/body";
import { ApiError } from "../http/envelope";
import { changeTrunk, deleteTrunk, disconnectNumber, renameBridge, requireOrgHandle } from "./actions";
import { registerAdminCallRoutes } from "./calls";
import { registerAdminTrafficRoutes } from "./traffic";

/** Where the admin surface lives (outside the platform API). */
export const ADMIN_PREFIX = "/_emulator";

type AdminHandler = (request: FastifyRequest) => unknown;
type Params = Record<string, string>;

const rateLimitSchema = z.object({
  limit: z.number({ error: "must be an integer >= 0" }).int({ error: "must be an integer >= 0" }).min(0),
  windowMs: z.number().int().min(1, { error: "must be an integer >= 1" }).default(60_000),
});
const OK = { ok: true };
const fleetBodySchema = fleetOptionsSchema.extend({
  token: z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }).optional(),
});

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
  const org = (request: FastifyRequest) => requireOrgHandle(ctx, String(params(request).handle));
  const state = () => ctx.store.state;

  route("POST", "/reset", () => {
    ctx.store.replace(startState(ctx.token, ctx.fleet, ctx.traffic));
    ctx.faults.clear();
    ctx.log.clear();
    ctx.limiter.clear();
    ctx.sessions.clear();
    return OK;
  });

  route("GET", "/state", () => settled(ctx.store.state));
  route("GET", "/sessions", () => ({ sessions: ctx.sessions.list() }));

  route("POST", "/seed", (request) => {
    const input = parseBody(seedInputSchema, body(request));
    // Applied to a copy so that a seed refused half-way writes nothing.
    const next = structuredClone(settled(ctx.store.state));
    try {
      applySeed(next, input);
    } catch (e) {
      if (!(e instanceof SeedError)) throw e;
      throw new ApiError(400, "validation_error", e.message, { [e.field]: e.message });
    }
    ctx.store.replace(next);
    return OK;
  });

  route("POST", "/fleet", (request) => {
    const { token, ...size } = parseBody(fleetBodySchema, body(request));
    const next = structuredClone(settled(ctx.store.state));
    let fleet: ReturnType<typeof applyFleet>;
    try {
      fleet = applyFleet(next, token ?? ctx.token, size);
    } catch (e) {
      if (!(e instanceof SeedError)) throw e;
      throw new ApiError(400, "validation_error", e.message, { organizations: e.message });
    }
    ctx.store.replace(next);
    return {
      organizations: fleet.map((o) => ({
        handle: o.handle,
        name: o.name,
        provider: o.provider,
        account_sid: o.accountSid,
        numbers: o.numbers.length,
        first_number: o.numbers[0],
        last_number: o.numbers.at(-1),
        spaces: o.spaces,
        agents: o.agents,
      })),
    };
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
  const slug = (request: FastifyRequest) => String(params(request).slug);
  route("PATCH", bridgePath, (request) =>
    bridgeListView(state(), renameBridge(ctx, org(request), slug(request), body(request))),
  );
  route("DELETE", bridgePath, (request) => {
    const bridge = findBridge(state(), org(request), slug(request));
    ctx.store.write((s) => {
      removeBridge(s, bridge);
    });
    return OK;
  });
  route("POST", `${bridgePath}/disconnect`, (request) =>
    bridgeListView(state(), disconnectNumber(ctx, org(request), slug(request), body(request))),
  );

  const configurationPath = "/orgs/:handle/provider-configurations/:id";
  route("PATCH", configurationPath, (request) => {
    const configuration = findConfiguration(state(), org(request), String(params(request).id));
    updateConfiguration({ ctx }, configuration, parseBody(configurationUpdateSchema, body(request)));
    return configurationView(configuration);
  });
  route("DELETE", configurationPath, (request) => {
    const configuration = findConfiguration(state(), org(request), String(params(request).id));
    ctx.store.write((s) => {
      removeConfiguration(s, configuration);
    });
    return OK;
  });

  registerAdminCallRoutes(route, ctx, body);
  registerAdminTrafficRoutes(route, ctx, body);

  const trunkPath = "/orgs/:handle/trunks/:id";
  const id = (request: FastifyRequest) => String(params(request).id);
  route("PATCH", trunkPath, (request) =>
    trunkView(changeTrunk(ctx, org(request), id(request), body(request))),
  );
  route("DELETE", trunkPath, (request) => {
    deleteTrunk(ctx, org(request), id(request));
    return OK;
  });
}
