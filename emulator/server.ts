import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { installAdminGuard } from "./admin/guard";
import { ADMIN_PREFIX, registerAdminRoutes } from "./admin/surface";
import { registerDashboardRoutes } from "./dashboard/routes";
import { addTraffic, NoLinesError, startTrafficPlan, type TrafficPlan } from "./domain/calls/traffic";
import type { EmulatorContext } from "./domain/context";
import { FaultRegistry } from "./domain/faults";
import { loadState, Persistence } from "./domain/persistence";
import { ChatSessions, PLAYBOOK_MODEL } from "./domain/playbook";
import { ANONYMOUS, RateLimiter, rateLimitHeaders } from "./domain/rate-limit";
import { RequestLog } from "./domain/request-log";
import { DEMO_ORG_HANDLE, DEMO_PRODUCT_ID, DEMO_TOKEN_ORGS } from "./domain/seed/demo";
import { applyFleet, fleetHandle, fleetSize, startState } from "./domain/seed/fleet";
import { type EmulatorState, Store } from "./domain/state";
import { authenticate } from "./http/auth";
import { installBodyParser } from "./http/body";
import { bracketed } from "./http/loopback";
import { installPlatformGate, platformMeta, platformPath } from "./http/pipeline";
import { PlatformRouter } from "./http/router";
import { installSiteGuard } from "./http/site-guard";
import { registerAgentRoutes } from "./routes/agents";
import { registerAnalyticsRoutes } from "./routes/analytics";
import { registerBridgeRoutes } from "./routes/bridges";
import { registerCdrRoutes } from "./routes/cdr";
import { buildInferenceApp } from "./routes/inference";
import { registerNumberRoutes } from "./routes/numbers";
import { registerOrganizationRoutes } from "./routes/organizations";
import { registerOverviewRoutes } from "./routes/overview";
import { registerProviderConfigurationRoutes } from "./routes/provider-configurations";
import { registerProviderRoutes } from "./routes/providers";
import { registerSpaceRoutes } from "./routes/spaces";
import { registerTaskRoutes } from "./routes/tasks";
import { registerTrunkRoutes } from "./routes/trunks";

/** Options of `startEmulator`; every one has a default (docs/emulator.md). */
export interface StartEmulatorOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number | undefined;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string | undefined;
  /** The API token the seeded data grants acme and globex to; default `emulator-token`. */
  token?: string | undefined;
  /** JSON file the state is loaded from at start and saved to on every change and at close. */
  stateFile?: string | undefined;
  /** Requests per window per token; default 100,000 (effectively off, headers still sent). */
  rateLimit?: number | undefined;
  /** Rate-limit window in milliseconds; default 60,000. */
  windowMs?: number | undefined;
  /** Time to receive a whole request (headers and body) before it is cut with 408; default 10,000 ms. */
  requestTimeoutMs?: number | undefined;
  /** Token the admin surface requires from every client; without one it answers loopback only. */
  adminToken?: string | undefined;
  /** Names (or `name:port`) a request's Host may carry besides loopback ones and `host`; default none. */
  allowedHosts?: readonly string[] | undefined;
  /** Simulated call length of a created task, creation to hang-up; default 3,000 ms. */
  callDurationMs?: number | undefined;
  /** TCP port of the inference host (chat completions); 0 (default) picks a free one. */
  inferencePort?: number | undefined;
  /** The chat API's endpoint key; default `emulator-endpoint-key`. Must differ from every platform token. */
  endpointKey?: string | undefined;
  /** Organizations `org-001` … `org-<N>` the token may use, each with its own numbers; default none. */
  organizations?: number | undefined;
  /** Numbers of each of those organizations; default 1,000. */
  numbersPerOrganization?: number | undefined;
  /**
   * Generated SIP calls (CDRs) added to the demo organization at start, seed 1, over the 14 days
   * ending at the start (docs/emulator.md, Traffic); a reset adds the same calls again. Default none.
   */
  traffic?: number | undefined;
}

/** What `buildApp` needs besides the context: the connection-level settings. */
export interface AppOptions {
  /** See `StartEmulatorOptions.requestTimeoutMs`. */
  requestTimeoutMs: number;
  /** See `StartEmulatorOptions.adminToken`. */
  adminToken: string | undefined;
  /** See `StartEmulatorOptions.host`; default `127.0.0.1`. */
  host?: string | undefined;
  /** See `StartEmulatorOptions.allowedHosts`. */
  allowedHosts?: readonly string[] | undefined;
}

/** One route of the emulator's app: its method and URL pattern (`:name` for a parameter). */
export interface RouteEntry {
  method: string;
  url: string;
}

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route an app made by `buildApp` serves, in registration order (HEAD routes included). */
export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  return routeTables.get(app) ?? [];
}

const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
const DEFAULT_HOST = "127.0.0.1";
const DEFAULT_CALL_DURATION_MS = 3_000;

/** A running emulator. */
export interface Emulator {
  /** Base URL, e.g. `http://127.0.0.1:54321`; the API is under `/api/v2/platform/`. */
  url: string;
  port: number;
  token: string;
  orgHandle: string;
  productId: string;
  /** Base URL of the inference host; chat completions are at `/v1/chat/completions`. */
  inferenceUrl: string;
  inferencePort: number;
  /** The chat API's endpoint key. */
  endpointKey: string;
  /** Model id (`public:…`) of the seeded published playbook. */
  playbookModel: string;
  /** Handles of the fleet's organizations (`org-001` …), in order; empty without `organizations`. */
  fleet: readonly string[];
  /** The calls `traffic` added to the demo organization at start (seed, days, calls, window end). */
  traffic: TrafficPlan | undefined;
  /** Stop listening, then save the state (when a state file is set). */
  close(): Promise<void>;
}

/** Route modules of the platform API; a new spec group adds one line here. */
const ROUTE_GROUPS = [
  registerOrganizationRoutes,
  registerSpaceRoutes,
  registerAgentRoutes,
  registerProviderRoutes,
  registerProviderConfigurationRoutes,
  registerNumberRoutes,
  registerBridgeRoutes,
  registerOverviewRoutes,
  registerTrunkRoutes,
  registerTaskRoutes,
  registerCdrRoutes,
  registerAnalyticsRoutes,
];

/** Build the Fastify app over a context (not listening yet). */
export function buildApp(
  ctx: EmulatorContext,
  opts: AppOptions = { requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS, adminToken: undefined },
): FastifyInstance {
  const timeout = opts.requestTimeoutMs;
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    // A client that stalls mid-headers or mid-body is answered 408 and cut once the whole request
    // has not arrived in time. Node checks its connections every `connectionsCheckingInterval`
    // (30 s by default, far coarser than the timeout), hence the tighter interval. Only receiving
    // the request is timed: an answer held back by a latency fault is not cut (no socket timeout).
    requestTimeout: timeout,
    http: {
      requestTimeout: timeout,
      headersTimeout: timeout,
      connectionsCheckingInterval: Math.min(1000, Math.max(25, Math.floor(timeout / 4))),
    },
    // A malformed URL fails before any hook runs; answer it in the platform's shape anyway.
    frameworkErrors: (error, request, genericReply) => {
      const reply = genericReply as unknown as FastifyReply;
      if (platformPath(request.url) !== null) {
        const auth = authenticate(ctx.store, request.headers.authorization);
        reply.headers(rateLimitHeaders(ctx.limiter.peek(auth.ok ? auth.grant.token : ANONYMOUS)));
      }
      return reply.code(400).send({ error: { code: "invalid_request", message: error.message } });
    },
  });
  const routes: RouteEntry[] = [];
  routeTables.set(app, routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  // The platform API needs no site check: its token header makes a browser ask first (CORS
  // preflight), which the emulator never grants.
  const { host, allowedHosts } = hostsOf(opts);
  installSiteGuard(app, {
    listenHost: host,
    allowedHosts,
    checksSite: (url) => platformPath(url) === null,
  });
  installBodyParser(app);
  installAdminGuard(app, opts.adminToken);
  installPlatformGate(app, ctx);
  const router = new PlatformRouter(app, ctx);
  for (const register of ROUTE_GROUPS) register(router);
  registerAdminRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);

  app.setNotFoundHandler((request, reply) => {
    const meta = platformMeta(request);
    if (meta !== undefined) return router.notFound(request, reply, meta);
    const where = request.url.startsWith(ADMIN_PREFIX) ? "admin endpoint" : "endpoint";
    return reply
      .code(404)
      .send({ error: { code: "not_found", message: `No ${where} at ${request.method} ${request.url}` } });
  });

  // Framework errors (an oversized body) keep their 4xx; anything else is a bug: a JSON 500.
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, _request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    const code = status === 413 ? "payload_too_large" : status === 500 ? "internal_error" : "invalid_request";
    return reply
      .code(status)
      .send({ error: { code, message: status === 500 ? "Internal server error" : error.message } });
  });
  return app;
}

/** Make the context: the state file's state when it exists, the demo seed otherwise. */
export function createContext(opts: StartEmulatorOptions = {}): EmulatorContext {
  const token = opts.token ?? "emulator-token";
  const fleet = fleetSize(opts);
  const traffic = opts.traffic === undefined ? undefined : startTrafficPlan(opts.traffic);
  const loaded = opts.stateFile === undefined ? null : loadState(opts.stateFile);
  const state = loaded ?? startState(token, fleet, traffic);
  // A state file from a smaller fleet, or none, gains the organizations it lacks.
  if (loaded !== null && fleet !== undefined) applyFleet(state, token, fleet, `state file ${opts.stateFile}`);
  // A restart with another --token still lets that token use the demo organizations.
  if (!state.tokens.some((t) => t.token === token)) {
    const present = DEMO_TOKEN_ORGS.filter((h) => state.organizations.some((o) => o.domain_handle === h));
    state.tokens.push({ token, organizations: present });
  }
  // Calls asked for at start are added to a loaded state too: it holds the bridges they go through.
  // Last, as it indexes the state: whatever changes the state directly comes before.
  if (loaded !== null && traffic !== undefined) addStartTraffic(state, traffic, opts.stateFile);
  const endpointKey = opts.endpointKey ?? "emulator-endpoint-key";
  // The two surfaces' credentials are never interchangeable (decision Q2).
  if (state.tokens.some((t) => t.token === endpointKey)) {
    throw new Error("The endpoint key must differ from every platform API token");
  }
  const store = new Store(state);
  return {
    store,
    limiter: new RateLimiter(opts.rateLimit ?? 100_000, opts.windowMs ?? 60_000),
    faults: new FaultRegistry(),
    log: new RequestLog(),
    persistence: new Persistence(opts.stateFile, store),
    callDurationMs: opts.callDurationMs ?? DEFAULT_CALL_DURATION_MS,
    endpointKey,
    sessions: new ChatSessions(),
    token,
    fleet,
    traffic,
  };
}

function addStartTraffic(state: EmulatorState, traffic: TrafficPlan, file: string | undefined): void {
  try {
    addTraffic(state, DEMO_ORG_HANDLE, traffic);
  } catch (e) {
    if (!(e instanceof NoLinesError)) throw e;
    throw new Error(`The state file ${file} cannot take traffic: ${e.message}`);
  }
}

/** Where an emulator listens and which other host names it answers to: loopback and none unless given. */
function hostsOf(opts: { host?: string | undefined; allowedHosts?: readonly string[] | undefined }) {
  return { host: opts.host ?? DEFAULT_HOST, allowedHosts: opts.allowedHosts ?? [] };
}

/** Start an emulator listening on loopback TCP. */
export async function startEmulator(opts: StartEmulatorOptions = {}): Promise<Emulator> {
  const ctx = createContext(opts);
  ctx.persistence.flush();
  const { host, allowedHosts } = hostsOf(opts);
  const app = buildApp(ctx, {
    requestTimeoutMs: opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    adminToken: opts.adminToken,
    host,
    allowedHosts,
  });
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : (opts.port ?? 0);
  const urlHost = bracketed(host);
  const inference = buildInferenceApp(ctx, { listenHost: host, allowedHosts, checksSite: () => false });
  try {
    await inference.listen({ port: opts.inferencePort ?? 0, host });
  } catch (e) {
    await app.close();
    throw e;
  }
  const inferenceAddress = inference.server.address();
  const inferencePort =
    typeof inferenceAddress === "object" && inferenceAddress !== null ? inferenceAddress.port : 0;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    token: ctx.token,
    orgHandle: DEMO_ORG_HANDLE,
    productId: DEMO_PRODUCT_ID,
    inferenceUrl: `http://${urlHost}:${inferencePort}`,
    inferencePort,
    endpointKey: ctx.endpointKey,
    playbookModel: PLAYBOOK_MODEL,
    fleet: Array.from({ length: ctx.fleet?.organizations ?? 0 }, (_, k) => fleetHandle(k + 1)),
    traffic: ctx.traffic,
    close() {
      closed ??= Promise.all([app.close(), inference.close()]).then(() => ctx.persistence.flush());
      return closed;
    },
  };
}
