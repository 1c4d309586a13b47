import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../domain/context";
import type { TokenGrant } from "../domain/state";
import { type Answer, ApiError } from "./envelope";
import { API_PREFIX, delayAnswer, type PlatformMeta, platformMeta, resetConnection } from "./pipeline";

/** What a platform handler sees: the authenticated grant and the request parts. */
export interface PlatformRequest {
  ctx: EmulatorContext;
  grant: TokenGrant;
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** The raw body (`RawBody`) or `undefined`; read it with `jsonObject`. */
  body: unknown;
}

/** A platform endpoint: synchronous, so a write either fully happens or not at all. */
export type PlatformHandler = (req: PlatformRequest) => Answer;

type Method = "GET" | "POST" | "PATCH" | "DELETE";

function patternToRegex(pattern: string): RegExp {
  const escaped = pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${escaped}$`);
}

/** Registers platform routes under the API prefix and renders their answers uniformly. */
export class PlatformRouter {
  readonly #routes: { method: Method; re: RegExp }[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly ctx: EmulatorContext,
  ) {}

  /** Register `GET <prefix><path>` (`:name` marks a path parameter). */
  get(path: string, handler: PlatformHandler): void {
    this.#add("GET", path, handler);
  }
  /** Register `POST <prefix><path>`. */
  post(path: string, handler: PlatformHandler): void {
    this.#add("POST", path, handler);
  }
  /** Register `PATCH <prefix><path>`. */
  patch(path: string, handler: PlatformHandler): void {
    this.#add("PATCH", path, handler);
  }
  /** Register `DELETE <prefix><path>`. */
  delete(path: string, handler: PlatformHandler): void {
    this.#add("DELETE", path, handler);
  }

  #add(method: Method, path: string, handler: PlatformHandler): void {
    this.#routes.push({ method, re: patternToRegex(path) });
    this.app.route({
      method,
      url: `${API_PREFIX}${path}`,
      handler: (request, reply) => this.#run(request, reply, handler),
    });
  }

  /** Methods served at a concrete path below the prefix (for 405 and its `Allow`). */
  methodsAt(path: string): Method[] {
    return this.#routes.filter((r) => r.re.test(path)).map((r) => r.method);
  }

  /** Answer unknown platform paths: 405 for a known path, 404 otherwise (decision E8). */
  notFound(request: FastifyRequest, reply: FastifyReply, meta: PlatformMeta): Promise<FastifyReply> {
    return this.#run(request, reply, () => {
      const methods = this.methodsAt(meta.path);
      if (methods.length > 0) {
        const allow = methods.includes("GET") ? [...methods, "HEAD"] : methods;
        reply.header("allow", allow.join(", "));
        throw new ApiError(
          405,
          "method_not_allowed",
          `Method ${request.method} is not allowed on ${meta.path}`,
        );
      }
      const hint =
        !meta.path.endsWith("/") && this.methodsAt(`${meta.path}/`).length > 0
          ? `; platform paths end with a slash: ${API_PREFIX}${meta.path}/`
          : "";
      throw new ApiError(404, "not_found", `No platform endpoint at ${API_PREFIX}${meta.path}${hint}`);
    });
  }

  // The handler runs and commits with no await before it, so a client that has gone by now (or
  // goes during an injected latency) still leaves its write behind, as on a real server.
  async #run(request: FastifyRequest, reply: FastifyReply, handler: PlatformHandler): Promise<FastifyReply> {
    const meta = platformMeta(request);
    // The gate has answered 401 before any handler runs, so a grant is always present here.
    const grant = meta?.grant ?? { token: "", organizations: [] };
    let answer: Answer;
    try {
      answer = handler({
        ctx: this.ctx,
        grant,
        params: (request.params ?? {}) as Record<string, string>,
        query: (request.query ?? {}) as Record<string, unknown>,
        headers: request.headers,
        body: request.body,
      });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      answer = { status: e.status, body: e.toBody() };
    }
    this.ctx.persistence.flush();
    await delayAnswer(meta, meta?.fault === "reset-after" ? 0 : answer.status);
    if (meta?.fault === "reset-after") return resetConnection(this.ctx, request, reply, meta);
    reply.code(answer.status);
    return answer.body === undefined ? reply.send() : reply.send(answer.body);
  }
}
