import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../domain/context";
import type { FaultKind } from "../domain/faults";
import { ANONYMOUS, rateLimitBody, rateLimitHeaders } from "../domain/rate-limit";
import type { TokenGrant } from "../domain/state";
import { authenticate, orgHandleHeader } from "./auth";
import { RawBody } from "./body";
import { unauthorizedBody } from "./envelope";

/** Where the platform API lives. */
export const API_PREFIX = "/api/v2/platform";

/** What the gate learned about one platform request. */
export interface PlatformMeta {
  path: string;
  at: string;
  /** `at` with sub-millisecond resolution (epoch milliseconds). */
  atMs: number;
  /** The `phone_number` of the JSON body, once the body has arrived. */
  phoneNumber: string | undefined;
  orgHandle: string | null;
  grant: TokenGrant | undefined;
  /** The fault that decided the answer, or `latency` when a delay was the only one. */
  fault: FaultKind | undefined;
  /** The delay a `latency` fault added, for the log. */
  latencyFaultMs: number | undefined;
  /** Injected latency still owed before the answer (fault kind `latency`). */
  latencyMs: number;
  /** Aborted when the faults are cleared: a held answer goes out then, not at the end of its delay. */
  released: AbortSignal | undefined;
  /** The status decided for the answer, logged even when the client leaves before it is sent. */
  status: number | undefined;
  logged: boolean;
}

const metas = new WeakMap<FastifyRequest, PlatformMeta>();

/** The gate's record of a platform request (`undefined` for admin and other paths). */
export function platformMeta(request: FastifyRequest): PlatformMeta | undefined {
  return metas.get(request);
}

/** The path below the API prefix without the query, or `null` outside the platform API. */
export function platformPath(url: string): string | null {
  const path = url.split("?")[0] ?? "";
  if (path === API_PREFIX) return "/";
  return path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : null;
}

function logOnce(ctx: EmulatorContext, method: string, meta: PlatformMeta, status: number): void {
  if (meta.logged) return;
  meta.logged = true;
  ctx.log.add({
    method,
    path: meta.path,
    status,
    orgHandle: meta.orgHandle,
    at: meta.at,
    atMs: meta.atMs,
    ...(meta.phoneNumber === undefined ? {} : { phoneNumber: meta.phoneNumber }),
    ...(meta.fault === undefined ? {} : { fault: meta.fault }),
    ...(meta.latencyFaultMs === undefined ? {} : { latencyMs: meta.latencyFaultMs }),
  });
}

/**
 * Wait out the request's injected latency, once. The wait sits between the write and the answer
 * (a real server commits, then the answer is slow): a client that gives up meanwhile leaves a
 * write that happened, which is the timeout orphan tests must be able to see. Unref'd, so a
 * long fault never keeps a closed emulator's process alive.
 */
export async function delayAnswer(meta: PlatformMeta | undefined, status: number): Promise<void> {
  if (meta === undefined) return;
  meta.status = status;
  if (meta.latencyMs <= 0) return;
  const ms = meta.latencyMs;
  meta.latencyMs = 0;
  const signal = meta.released;
  await sleep(ms, undefined, { ref: false, ...(signal ? { signal } : {}) }).catch(() => undefined);
}

/** The string `phone_number` of a JSON object body, or `undefined` (any other or unparsable body). */
function phoneNumberOf(body: RawBody): string | undefined {
  if (!body.text.includes('"phone_number"')) return undefined;
  try {
    const value: unknown = JSON.parse(body.text);
    const phone: unknown =
      typeof value === "object" && value !== null
        ? (value as { phone_number?: unknown }).phone_number
        : undefined;
    return typeof phone === "string" ? phone : undefined;
  } catch {
    return undefined;
  }
}

/** Drop the connection instead of answering (fault kinds `reset-before` / `reset-after`). */
export function resetConnection(
  ctx: EmulatorContext,
  request: FastifyRequest,
  reply: FastifyReply,
  meta: PlatformMeta,
): FastifyReply {
  logOnce(ctx, request.method, meta, 0);
  reply.hijack();
  request.raw.socket.destroy();
  return reply;
}

/**
 * Install the gate every platform request passes before routing: injected faults, then the
 * per-token rate limit (E6, E7), then authentication (E4). It runs for unknown routes too, so
 * every platform answer carries the rate-limit headers.
 */
export function installPlatformGate(app: FastifyInstance, ctx: EmulatorContext): void {
  app.addHook("onRequest", async (request, reply) => {
    const path = platformPath(request.url);
    if (path === null) return;
    const atMs = performance.timeOrigin + performance.now();
    const auth = authenticate(ctx.store, request.headers.authorization);
    const meta: PlatformMeta = {
      path,
      at: new Date(atMs).toISOString(),
      atMs,
      phoneNumber: undefined,
      orgHandle: orgHandleHeader(request.headers),
      grant: auth.ok ? auth.grant : undefined,
      fault: undefined,
      latencyFaultMs: undefined,
      latencyMs: 0,
      released: undefined,
      status: undefined,
      logged: false,
    };
    metas.set(request, meta);
    // A client that leaves before its answer is sent (during a latency fault) fires no
    // onResponse: log the request anyway, with the status it was going to get.
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) logOnce(ctx, request.method, meta, meta.status ?? 0);
    });
    const key = auth.ok ? auth.grant.token : ANONYMOUS;

    const plan = ctx.faults.take(request.method, path);
    if (plan.latency !== undefined) {
      meta.fault = "latency";
      meta.latencyFaultMs = plan.latency.ms;
      // Owed, not slept here: a request that passes the gate waits after its handler's write.
      meta.latencyMs = plan.latency.ms;
      meta.released = ctx.faults.released;
    }
    const fault = plan.other;
    if (fault !== undefined) {
      meta.fault = fault.kind;
      // The faults below answer here and write nothing, so their wait comes first.
      if (fault.kind === "status") await delayAnswer(meta, fault.status);
      else if (fault.kind === "rate-limit") await delayAnswer(meta, 429);
      else if (fault.kind === "reset-before") await delayAnswer(meta, 0);
      if (fault.kind === "reset-before") return resetConnection(ctx, request, reply, meta);
      if (fault.kind === "status") {
        reply.headers(rateLimitHeaders(ctx.limiter.peek(key)));
        return reply.code(fault.status).send({
          error: { code: "injected_fault", message: `Injected fault: status ${fault.status}` },
        });
      }
      if (fault.kind === "rate-limit") {
        const seen = ctx.limiter.peek(key);
        reply.headers(
          rateLimitHeaders({
            ...seen,
            remaining: 0,
            resetAt: Math.ceil(Date.now() / 1000) + fault.retryAfter,
          }),
        );
        reply.header("retry-after", String(fault.retryAfter));
        return reply.code(429).send(rateLimitBody(fault.retryAfter));
      }
    }

    const verdict = ctx.limiter.take(key);
    reply.headers(rateLimitHeaders(verdict));
    if (!verdict.allowed) await delayAnswer(meta, 429);
    else if (!auth.ok) await delayAnswer(meta, 401);
    if (!verdict.allowed) {
      reply.header("retry-after", String(verdict.retryAfter));
      return reply.code(429).send(rateLimitBody(verdict.retryAfter));
    }
    if (!auth.ok) {
      reply.header("www-authenticate", "Token");
      return reply.code(401).send(unauthorizedBody(auth.message));
    }
  });

  // Only bodies that mention the field are parsed: the handler parses (and judges) the body itself.
  app.addHook("preHandler", async (request) => {
    const meta = metas.get(request);
    if (meta !== undefined && request.body instanceof RawBody) meta.phoneNumber = phoneNumberOf(request.body);
  });

  app.addHook("onResponse", async (request, reply) => {
    const meta = metas.get(request);
    if (meta !== undefined) logOnce(ctx, request.method, meta, reply.statusCode);
  });
}
