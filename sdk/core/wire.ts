// Small wire-level helpers of the transport: URLs, bodies, the shared connection pools.
import { EventEmitter } from "node:events";
import type { Pool } from "undici";

/** Path parameters, query and body of one call, produced by a request spec's `args`. */
export interface RequestArgs {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
  /** Overrides the spec's `orgHandle` when an argument decides it (numbers' `scope`). */
  orgHandle?: boolean;
}

const pools = new Map<string, Pool>();
/**
 * One keep-alive pool per origin and size, shared by every client of the process. undici's idle
 * timeout (4 s, shortened further by the server's `Keep-Alive` hint) stays below common server
 * timeouts, so a request rarely meets a socket the server is closing — which for a POST would be
 * an ambiguous, unretryable failure.
 */
export function sharedPool(origin: string, connections: number): Pool {
  const key = `${origin} ${connections}`;
  let pool = pools.get(key);
  if (!pool) {
    // undici (109 modules, about 7 MB resident) loads at the first client, not with the package: a
    // program that only declares resources, or a plugin before its first Configure, never pays for it.
    const { Pool } = require("undici") as typeof import("undici");
    pool = new Pool(origin, { connections, connect: { timeout: 10_000 } });
    pools.set(key, pool);
  }
  return pool;
}

const SECRET_KEY = /token|password|secret|key/i;

/** Routes split at their placeholders: `["/bridges/", "slug", "/"]`. Routes are code constants, so this stays small. */
const routeParts = new Map<string, string[]>();

/** Fills `{name}` placeholders with URL-encoded parameters. */
export function fillRoute(route: string, params: RequestArgs["params"]): string {
  if (!route.includes("{")) return route;
  let parts = routeParts.get(route);
  if (!parts) {
    parts = route.split(/\{(\w+)\}/);
    routeParts.set(route, parts);
  }
  let path = parts[0] ?? "";
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] ?? "";
    const value = params?.[name];
    if (value === undefined) throw new Error(`route ${route}: missing path parameter ${name}`);
    path += encodeURIComponent(String(value)) + (parts[i + 1] ?? "");
  }
  return path;
}

/** `?a=1&b=2` from the defined values, or `""`. */
export function queryString(query: RequestArgs["query"]): string {
  if (query === undefined) return "";
  let any = false;
  for (const k in query) if (query[k] !== undefined) any = true;
  if (!any) return "";
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) qs.append(k, String(v));
  const s = qs.toString();
  return s ? `?${s}` : "";
}

/** JSON when it parses, the raw text when not, `undefined` when empty. */
export function parseBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Secret-looking string values of a request body, to scrub from error messages. */
export function secretValues(body: Record<string, unknown> | undefined): string[] {
  if (!body) return [];
  return Object.entries(body).flatMap(([k, v]) => (SECRET_KEY.test(k) && typeof v === "string" ? [v] : []));
}

/**
 * One attempt's time limit, handed to undici as its `signal` (undici accepts an EventEmitter that
 * emits "abort"): it fires when `ms` pass or when the caller's signal aborts. It replaces an
 * AbortController per attempt plus `AbortSignal.any`, whose listener bookkeeping cost more client
 * CPU than the rest of the SDK's per-request work on a fast loopback answer (see bench/). It must
 * not have an `aborted` property: undici would then treat it as a native AbortSignal.
 */
export class AttemptDeadline extends EventEmitter {
  /** True once the time limit (not the caller's signal) ended the attempt. */
  expired = false;
  readonly #timer: NodeJS.Timeout;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort: (() => void) | undefined;

  constructor(ms: number, signal: AbortSignal | undefined) {
    super();
    this.#timer = setTimeout(() => {
      this.expired = true;
      this.emit("abort");
    }, ms);
    this.#signal = signal;
    if (signal) {
      this.#onAbort = () => this.emit("abort");
      signal.addEventListener("abort", this.#onAbort, { once: true });
    }
  }

  /** Stops the timer and the listener; call once the attempt is over. */
  dispose(): void {
    clearTimeout(this.#timer);
    if (this.#onAbort) this.#signal?.removeEventListener("abort", this.#onAbort);
  }
}
