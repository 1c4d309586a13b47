import type { IncomingHttpHeaders } from "node:http";
import type { Organization, Store, TokenGrant } from "../domain/state";
import { indexOf } from "../domain/state-index";
import { ApiError } from "./envelope";

/** The outcome of reading `Authorization`: the token's grant, or why it is refused (401). */
export type Authentication = { ok: true; grant: TokenGrant } | { ok: false; message: string };

/** Resolve `Authorization: Token <token>`; the scheme word is matched case-insensitively (RFC 9110). */
export function authenticate(store: Store, header: string | undefined): Authentication {
  if (header === undefined || header.trim() === "") {
    return { ok: false, message: "Authentication credentials were not provided." };
  }
  const match = /^(\S+)\s+(\S+)$/.exec(header.trim());
  if (match === null || match[1]?.toLowerCase() !== "token") {
    return { ok: false, message: "Invalid authorization header. Use 'Authorization: Token <API_TOKEN>'." };
  }
  const grant = indexOf(store.state).grantOf(match[2] ?? "");
  if (grant === undefined) return { ok: false, message: "Invalid token." };
  return { ok: true, grant };
}

/** The `Org-Handle` header value, or `null` when absent or blank. */
export function orgHandleHeader(headers: IncomingHttpHeaders): string | null {
  const raw = headers["org-handle"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined || value.trim() === "" ? null : value.trim();
}

/** The organization named by a handle the token must be allowed to use: 404 / 403 otherwise (O2). */
export function organizationFor(store: Store, grant: TokenGrant, handle: string): Organization {
  const index = indexOf(store.state);
  const org = index.organizationByHandle.get(handle);
  if (org === undefined) {
    throw new ApiError(404, "organization_not_found", `Organization '${handle}' not found`);
  }
  if (!index.mayUse(grant, handle)) {
    throw new ApiError(403, "forbidden", `This token may not access organization '${handle}'`);
  }
  return org;
}

/** `Org-Handle` is required (decision O2): 400 when missing. */
export function requireOrg(store: Store, grant: TokenGrant, headers: IncomingHttpHeaders): Organization {
  const handle = orgHandleHeader(headers);
  if (handle === null) {
    throw new ApiError(400, "org_handle_required", "The Org-Handle header is required for this endpoint");
  }
  return organizationFor(store, grant, handle);
}

/** `Org-Handle` is optional (decisions O3, O6): `null` when absent, checked when given. */
export function optionalOrg(
  store: Store,
  grant: TokenGrant,
  headers: IncomingHttpHeaders,
): Organization | null {
  const handle = orgHandleHeader(headers);
  return handle === null ? null : organizationFor(store, grant, handle);
}

/** The organizations a request may see: the `Org-Handle` one, else every one of the token (O3). */
export function visibleOrganizations(
  store: Store,
  grant: TokenGrant,
  headers: IncomingHttpHeaders,
): readonly string[] {
  const org = optionalOrg(store, grant, headers);
  if (org !== null) return [org.domain_handle];
  return indexOf(store.state).handlesOf(grant);
}
