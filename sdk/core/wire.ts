import { Pool } from "undici";
import type { RequestArgs } from "./transport";

// Small wire-level helpers of the transport: URLs, bodies, the shared connection pools.

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
    pool = new Pool(origin, { connections, connect: { timeout: 10_000 } });
    pools.set(key, pool);
  }
  return pool;
}

const SECRET_KEY = /token|password|secret|key/i;

/** Fills `{name}` placeholders with URL-encoded parameters. */
export function fillRoute(route: string, params: RequestArgs["params"]): string {
  return route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`route ${route}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=2` from the defined values, or `""`. */
export function queryString(query: RequestArgs["query"]): string {
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
