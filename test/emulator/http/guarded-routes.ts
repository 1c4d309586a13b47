// The requests the site-guard tests send to every route of the emulator's own route table:
// parameters filled with records a fixture creates, a body each route accepts, and a snapshot
// of everything a request could change (state, faults, log, sessions, rate limit, state file).
import { readFileSync } from "node:fs";
import { request } from "undici";
import { buildApp, createContext, type RouteEntry, routeTable } from "../../../emulator/server";
import type { TestEmulator } from "../../fixtures/emulator";
import { ACME_TWILIO_SID, platform } from "../http";

/** The records the routes' parameters name. */
export interface Fixture {
  configId: number;
  trunkId: number;
  taskId: string;
  runId: string;
}

const BRIDGE = "main";
const PHONE = "+14155550100";
const SPACE = "sp-acme-support";

/** Every route the emulator serves except the HEAD twins of its GET routes. */
export function emulatorRoutes(): RouteEntry[] {
  const app = buildApp(createContext());
  const routes = routeTable(app).filter((r) => r.method !== "HEAD");
  void app.close();
  return routes;
}

/** Whether a route changes state by the HTTP rules (anything but GET, HEAD, OPTIONS). */
export const isStateChanging = (route: RouteEntry) => !["GET", "HEAD", "OPTIONS"].includes(route.method);

/** Whether a route belongs to the platform API (token-authenticated). */
export const isPlatform = (route: RouteEntry) => route.url.startsWith("/api/v2/platform/");

/**
 * From the seed and the default rate limit (a reset keeps a configured one): a configuration,
 * bridge `main` linked to a number, a trunk, a pending task (a long call) and a fault.
 */
export async function createFixture(emu: TestEmulator): Promise<Fixture> {
  await emu.admin.reset();
  await emu.admin.setRateLimit(100_000);
  await emu.admin.addFault({ kind: "status", times: 0, match: { path: "/nothing-matches" } });
  const call = platform(emu);
  const cfg = await call("POST", "/telephony/providers-configurations/", {
    body: { provider: "twilio", account_sid: ACME_TWILIO_SID, auth_token: "fixture-auth-token" },
  });
  await call("POST", "/telephony/bridges/", { body: { name: "Main", slug: BRIDGE } });
  await call("POST", `/telephony/bridges/${BRIDGE}/connect-provider/`, {
    body: { provider_config_id: cfg.json.data.id, phone_number: PHONE },
  });
  const trunk = await call("POST", "/telephony/trunks/", {
    body: { name: "edge-1", sip_url: "sip.example.net", auth_username: "u", auth_password: "fixture-sip-pw" },
  });
  const task = await call("POST", `/spaces/${SPACE}/tasks/create/`, {
    body: {
      pilot: "support-agent",
      documents: [{ contact_number: "+14155550144" }],
      schedule: { type: "now" },
    },
  });
  if (cfg.status !== 201 || trunk.status !== 201 || task.status !== 200) {
    throw new Error(`fixture not created: ${cfg.text} ${trunk.text} ${task.text}`);
  }
  return {
    configId: cfg.json.data.id,
    trunkId: trunk.json.data.id,
    taskId: task.json.data.task_ids[0],
    runId: task.json.data.run_id,
  };
}

/** A value for each path parameter; `:id`/`:key` depend on the collection before them. */
function param(name: string, collection: string, f: Fixture): string {
  if (name === "handle") return "acme";
  if (name === "slug" || (name === "key" && collection === "bridges")) return BRIDGE;
  if (name === "space_token") return SPACE;
  if (name === "agent_handle") return "support-agent";
  if (name === "run_id") return f.runId;
  if (name === "task_id") return f.taskId;
  if (name === "number") return encodeURIComponent(PHONE);
  if ((name === "id" || name === "key") && collection === "trunks") return String(f.trunkId);
  if (name === "id" && collection === "provider-configurations") return String(f.configId);
  if (name === "id" && collection === "providers-configurations") return String(f.configId);
  throw new Error(`no value for parameter :${name} after /${collection}/: add one to guarded-routes.ts`);
}

/** The route's URL with its parameters filled from the fixture. */
export function fillPath(url: string, f: Fixture): string {
  const segments = url.split("/");
  return segments
    .map((s, i) => (s.startsWith(":") ? param(s.slice(1), segments[i - 1] ?? "", f) : s))
    .join("/");
}

const CDR = {
  source_number: PHONE,
  destination_number: "+14155550199",
  call_type: "outbound",
  call_status: "failed",
  creation_time: "2024-02-01T00:00:00Z",
  start_time: "2024-02-01T00:00:01Z",
  end_time: "2024-02-01T00:00:01Z",
  call_duration: 0,
  end_reason: "call.failed.rejected",
};

/** A body each state-changing admin and dashboard route accepts (body-less routes are absent). */
const BODIES: Record<string, Record<string, unknown>> = {
  "POST /_emulator/seed": { poolNumbers: ["+18005550177"] },
  "POST /_emulator/fleet": { organizations: 2, numbersPerOrganization: 3 },
  "PUT /_emulator/rate-limit": { limit: 54_321 },
  "POST /_emulator/faults": { kind: "status", match: { path: "/nothing-matches" } },
  "PATCH /_emulator/orgs/:handle/bridges/:slug": { name: "Renamed" },
  "POST /_emulator/orgs/:handle/bridges/:slug/disconnect": { phone_number: PHONE },
  "PATCH /_emulator/orgs/:handle/provider-configurations/:id": { auth_token: "changed-token" },
  "POST /_emulator/tasks/:task_id/complete": { outcome: "failed" },
  "POST /_emulator/orgs/:handle/cdrs": CDR,
  "POST /_emulator/orgs/:handle/traffic": { calls: 20, now: "2025-06-01T12:00:00Z" },
  "PUT /_emulator/orgs/:handle/numbers/:number/channels": { channels: 3 },
  "PUT /_emulator/orgs/:handle/numbers/:number/agent": { agentId: "support-agent" },
  "POST /_emulator/orgs/:handle/follow-ups": { number: PHONE, nextAt: "2030-01-01T00:00:00Z" },
  "PATCH /_emulator/orgs/:handle/trunks/:id": { port: "5070" },
  "POST /dashboard/orgs/:handle/bridges/:key/rename": { name: "Renamed" },
  "POST /dashboard/orgs/:handle/bridges/:key/disconnect": { phone_number: PHONE },
  "POST /dashboard/orgs/:handle/trunks/:key/port": { port: "5070" },
};

/** How a request's body is encoded: the route's own encoding, or what a cross-site page can send. */
export type Encoding = "natural" | "form" | "text";

/** One request to a route, with extra headers; answers status and body text. */
export async function send(
  emu: TestEmulator,
  route: RouteEntry,
  f: Fixture,
  headers: Record<string, string>,
  encoding: Encoding = "natural",
): Promise<{ status: number; text: string }> {
  const fields = BODIES[`${route.method} ${route.url}`];
  const asForm = encoding === "form" || (encoding === "natural" && route.url.startsWith("/dashboard/"));
  const all: Record<string, string> = isPlatform(route)
    ? { authorization: `Token ${emu.token}`, "org-handle": emu.orgHandle }
    : {};
  let body: string | undefined;
  if (fields !== undefined || asForm) {
    const entries = Object.entries(fields ?? {}).map(([k, v]): [string, string] => [k, String(v)]);
    body = asForm ? new URLSearchParams(entries).toString() : JSON.stringify(fields ?? {});
    all["content-type"] = asForm
      ? "application/x-www-form-urlencoded"
      : encoding === "text"
        ? "text/plain"
        : "application/json";
  }
  const url = new URL(emu.url);
  const res = await request(`${url.origin}${fillPath(route.url, f)}`, {
    method: route.method as "POST",
    headers: { ...all, ...headers },
    ...(body === undefined ? {} : { body }),
  });
  return { status: res.statusCode, text: await res.body.text() };
}

const PROBE = "/api/v2/platform/_probe/";

/** Everything a request could change, read through the admin surface, plus the state file's bytes. */
export async function snapshot(emu: TestEmulator, stateFile: string): Promise<Record<string, unknown>> {
  const read = async (path: string) => (await request(`${emu.url}${path}`)).body.json();
  // The rate limit shows in the headers of any platform answer; the probe's own log entry is left out.
  const probe = await request(`${emu.url}${PROBE}`, { headers: { authorization: `Token ${emu.token}` } });
  await probe.body.dump();
  const requests = (await read("/_emulator/requests")) as { requests: { path: string }[] };
  return {
    state: await read("/_emulator/state"),
    faults: await read("/_emulator/faults"),
    sessions: await read("/_emulator/sessions"),
    requests: requests.requests.filter((r) => r.path !== "/_probe/"),
    rateLimit: probe.headers["x-ratelimit-limit"],
    file: readFileSync(stateFile, "utf8"),
  };
}
