import type { FastifyInstance, FastifyReply } from "fastify";
import { changeTrunk, deleteTrunk, disconnectNumber, renameBridge } from "../admin/actions";
import type { EmulatorContext } from "../domain/context";
import { organizationByHandle } from "../domain/directory";
import { DEMO_ORG_HANDLE } from "../domain/seed/demo";
import { ApiError } from "../http/envelope";
import { formFields, pick } from "./form-request";
import type { Html } from "./html";
import { DASHBOARD_PREFIX, renderDashboard, renderProblem } from "./render";

// `GET /`: the dashboard page; `POST /dashboard/orgs/{handle}/…`: its forms, which make the same
// out-of-band changes as the admin surface (emulator/admin/actions.ts) and redirect back (303).
// Both sit outside the platform API, so the admin guard (emulator/admin/guard.ts) covers them,
// and the site guard (emulator/http/site-guard.ts) refuses forms posted by another site's page.

/** Headers of every dashboard page: no script may run, no other site may frame or cache it. */
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  // `same-origin`, not `no-referrer`: with the latter a browser posts the forms with `Origin: null`.
  "referrer-policy": "same-origin",
  "cache-control": "no-store",
};

function sendPage(reply: FastifyReply, status: number, page: Html): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).send(page.toString());
}

/** One form: what it is called in messages, and the change it applies. */
interface FormAction {
  what: string;
  apply(ctx: EmulatorContext, org: string, key: string, form: URLSearchParams): void;
}

/** The dashboard's forms by path below `/dashboard/orgs/:handle`; `:key` names the record. */
const ACTIONS: Record<string, FormAction> = {
  "/bridges/:key/rename": {
    what: "rename the bridge",
    apply: (ctx, org, slug, form) => void renameBridge(ctx, org, slug, pick(form, "name")),
  },
  "/bridges/:key/disconnect": {
    what: "disconnect the number",
    apply: (ctx, org, slug, form) => void disconnectNumber(ctx, org, slug, pick(form, "phone_number")),
  },
  "/trunks/:key/port": {
    what: "change the trunk's port",
    apply: (ctx, org, id, form) => void changeTrunk(ctx, org, id, pick(form, "port")),
  },
  "/trunks/:key/delete": {
    what: "delete the trunk",
    apply: (ctx, org, id) => deleteTrunk(ctx, org, id),
  },
};

function problemLines(error: ApiError): string[] {
  const fields = Object.entries(error.fields ?? {}).map(([field, message]) => `${field}: ${message}`);
  return [error.message, ...fields];
}

/** Install the dashboard page and its form posts (docs/emulator.md, "Dashboard"). */
export function registerDashboardRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const known = (handle: string) => organizationByHandle(ctx.store.state, handle) !== undefined;

  app.get("/", (request, reply) => {
    const { org: asked } = request.query as Record<string, unknown>;
    const org = typeof asked === "string" && asked !== "" ? asked : DEMO_ORG_HANDLE;
    if (!known(org)) {
      const lines = ["Pick one of the organizations above."];
      return sendPage(
        reply,
        404,
        renderProblem(ctx.store.state, undefined, `No organization '${org}'`, lines),
      );
    }
    return sendPage(reply, 200, renderDashboard(ctx.store.state, org));
  });

  for (const [path, action] of Object.entries(ACTIONS)) {
    app.post(`${DASHBOARD_PREFIX}/orgs/:handle${path}`, (request, reply) => {
      const { handle = "", key = "" } = request.params as Record<string, string | undefined>;
      const back = known(handle) ? handle : undefined;
      try {
        action.apply(ctx, handle, key, formFields(request.body));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        const page = renderProblem(ctx.store.state, back, `Could not ${action.what}`, problemLines(e));
        return sendPage(reply, e.status, page);
      }
      ctx.persistence.flush();
      return reply
        .code(303)
        .header("location", `/?org=${encodeURIComponent(handle)}`)
        .send();
    });
  }
}
