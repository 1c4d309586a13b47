import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance } from "fastify";
import { isLoopbackAddress } from "../http/loopback";
import { platformPath } from "../http/pipeline";

// The admin surface serves every secret of the platform's storage and can rewrite it, so it is
// not for the network: loopback only, unless the person starting the emulator chose a token.

/** The header a client may send the admin token in, besides `Authorization: Bearer`. */
const ADMIN_TOKEN_HEADER = "x-emulator-admin-token";

/** The verdict on one admin request: let it through, or answer this status and error body. */
export type AdminAccess =
  | { ok: true }
  | { ok: false; status: 401 | 403; body: { error: { code: string; message: string } } };

function sameSecret(given: string, expected: string): boolean {
  // Digests first: equal lengths for timingSafeEqual, and the comparison leaks no length.
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function presentedToken(headers: IncomingHttpHeaders): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? "")?.[1]?.trim();
  if (bearer !== undefined) return bearer;
  const header = headers[ADMIN_TOKEN_HEADER];
  return typeof header === "string" ? header : undefined;
}

/**
 * Decide an admin request: with an admin token configured, every client (loopback included)
 * must present it; without one, only loopback clients are answered.
 */
export function adminAccess(
  remoteAddress: string | undefined,
  headers: IncomingHttpHeaders,
  adminToken: string | undefined,
): AdminAccess {
  if (adminToken !== undefined) {
    const given = presentedToken(headers);
    if (given !== undefined && sameSecret(given, adminToken)) return { ok: true };
    const message =
      "The emulator's admin surface requires its admin token: send Authorization: Bearer <admin token> " +
      "(or X-Emulator-Admin-Token: <admin token>)";
    return { ok: false, status: 401, body: { error: { code: "unauthorized", message } } };
  }
  if (isLoopbackAddress(remoteAddress)) return { ok: true };
  const message =
    `The emulator's admin surface answers only on loopback (this request came from ${remoteAddress ?? "an unknown address"}); ` +
    "start the emulator with --admin-token <token> (option adminToken) and send Authorization: Bearer <token> to use it from another address";
  return { ok: false, status: 403, body: { error: { code: "forbidden", message } } };
}

/**
 * Guard everything outside the platform API (the admin surface, and the 404s around it): a path
 * that is not plainly a platform path is treated as admin, so no spelling of `/_emulator` slips by.
 */
export function installAdminGuard(app: FastifyInstance, adminToken: string | undefined): void {
  app.addHook("onRequest", async (request, reply) => {
    if (platformPath(request.url) !== null) return;
    const access = adminAccess(request.socket.remoteAddress, request.headers, adminToken);
    if (access.ok) return;
    if (access.status === 401) reply.header("www-authenticate", 'Bearer realm="emulator-admin"');
    return reply.code(access.status).send(access.body);
  });
}
