import type { FastifyRequest } from "fastify";
import { addFollowUp, followUpInputSchema } from "../domain/calls/follow-ups";
import { taskView } from "../domain/calls/task-view";
import { addTraffic, NoLinesError, trafficInputSchema } from "../domain/calls/traffic";
import type { EmulatorContext } from "../domain/context";
import { numberByValue } from "../domain/inventory";
import { agentInputSchema, channelsInputSchema } from "../domain/number-setting-schema";
import { updateNumberSetting } from "../domain/number-settings";
import type { PhoneNumber } from "../domain/state";
import { normalizePhone, parseBody } from "../domain/validation";
import { ApiError } from "../http/envelope";
import { requireOrgHandle } from "./actions";

type Route = (method: "POST" | "PUT", path: string, handler: (request: FastifyRequest) => unknown) => void;

const paramsOf = (request: FastifyRequest) => request.params as Record<string, string>;

/** The organization's own number named in the path (E.164, `+` URL-encoded), or 404 naming `number`. */
function ownNumber(ctx: EmulatorContext, handle: string, raw: string): PhoneNumber {
  const number = numberByValue(ctx.store.state, normalizePhone(raw));
  if (number === undefined || number.organization !== handle) {
    throw new ApiError(404, "not_found", `Number '${raw}' is not a number of organization '${handle}'`, {
      number: "must be a number of the organization",
    });
  }
  return number;
}

/**
 * Admin routes of what numbers are doing (docs/emulator.md, Traffic): generated call records,
 * live channels, the agent each number routes to, and follow-up calls scheduled on them.
 */
export function registerAdminTrafficRoutes(
  route: Route,
  ctx: EmulatorContext,
  body: (request: FastifyRequest) => Record<string, unknown>,
): void {
  const target = (request: FastifyRequest) => {
    const handle = requireOrgHandle(ctx, String(paramsOf(request).handle));
    return ownNumber(ctx, handle, String(paramsOf(request).number));
  };

  route("POST", "/orgs/:handle/traffic", (request) => {
    const handle = requireOrgHandle(ctx, String(paramsOf(request).handle));
    const input = parseBody(trafficInputSchema, body(request));
    const plan = { ...input, now: input.now ?? new Date().toISOString() };
    try {
      return ctx.store.write((state) => addTraffic(state, handle, plan));
    } catch (e) {
      if (!(e instanceof NoLinesError)) throw e;
      throw new ApiError(409, "no_numbers", e.message);
    }
  });

  route("PUT", "/orgs/:handle/numbers/:number/channels", (request) => {
    const number = target(request);
    const { channels } = parseBody(channelsInputSchema, body(request));
    ctx.store.write((state) => updateNumberSetting(state, number.id, { channels_count: channels }));
    return { number: number.number, channels };
  });

  route("PUT", "/orgs/:handle/numbers/:number/agent", (request) => {
    const number = target(request);
    const { agentId } = parseBody(agentInputSchema, body(request));
    ctx.store.write((state) => updateNumberSetting(state, number.id, { agent_id: agentId }));
    return { number: number.number, agentId };
  });

  route("POST", "/orgs/:handle/follow-ups", (request) => {
    const handle = requireOrgHandle(ctx, String(paramsOf(request).handle));
    const input = parseBody(followUpInputSchema, body(request));
    const task = ctx.store.write((state) =>
      addFollowUp(state, handle, input, ctx.callDurationMs, new Date().toISOString()),
    );
    return taskView(ctx.store.state, task);
  });
}
