import { inspect } from "node:util";
import { z } from "zod";
import { SchemeAuth } from "./core/auth";
import { TransportOptionFields, type TransportOptions, transportSettings } from "./core/client-options";
import { refuseOption } from "./core/credentials";
import { createApiError } from "./core/errors";
import { Transport } from "./core/transport";
import { check, HeaderValue } from "./core/validate";
import { Agents } from "./resources/agents";
import { AnalyticsResource } from "./resources/analytics";
import { Bridges } from "./resources/bridges";
import { Cdr } from "./resources/cdr";
import { Numbers } from "./resources/numbers";
import { Organizations } from "./resources/organizations";
import { Overview } from "./resources/overview";
import { ProviderConfigurations } from "./resources/provider-configurations";
import { Providers } from "./resources/providers";
import { Executions, Runs } from "./resources/runs";
import { Spaces } from "./resources/spaces";
import { Tasks } from "./resources/tasks";
import { Trunks } from "./resources/trunks";

/** Settings of a {@link VoiceClient}. */
export interface VoiceClientOptions extends TransportOptions {
  /** Platform host, e.g. `https://api.example.com`; `/api/v2/platform` is appended unless present. https except loopback. */
  baseUrl: string;
  /** API token, sent as `Authorization: Token <token>`; never printed or logged. */
  token: string;
  /** Default `Org-Handle`. */
  orgHandle?: string | undefined;
  /** Default `Product-ID` (overview). */
  productId?: string | undefined;
}

const API_PREFIX = "/api/v2/platform";

/** A platform request's default per-attempt timeout. */
const PLATFORM_TIMEOUT_MS = 30_000;

const ClientOptions = z.object(
  {
    ...TransportOptionFields,
    token: HeaderValue,
    orgHandle: HeaderValue.optional(),
    productId: HeaderValue.optional(),
  },
  { error: "must be an object" },
);

/** Client of the platform REST API (directory, tasks and calls, telephony). */
export class VoiceClient {
  /** API base the client talks to (origin plus `/api/v2/platform`). */
  readonly baseUrl: string;
  readonly orgHandle: string | undefined;
  readonly productId: string | undefined;

  readonly organizations: Organizations;
  readonly spaces: Spaces;
  readonly agents: Agents;
  readonly providers: Providers;
  readonly providerConfigurations: ProviderConfigurations;
  readonly numbers: Numbers;
  readonly bridges: Bridges;
  readonly overview: Overview;
  readonly trunks: Trunks;
  readonly tasks: Tasks;
  readonly runs: Runs;
  readonly executions: Executions;
  readonly cdr: Cdr;
  readonly analytics: AnalyticsResource;

  // Kept only inside the auth strategy's private field; nothing enumerable holds the token.
  readonly #transport: Transport;

  constructor(options: VoiceClientOptions) {
    refuseOption(
      options,
      "endpointKey",
      "is the chat API's credential: use InferenceClient for it (VoiceClient takes the platform token, options.token)",
    );
    const o = check(ClientOptions, options, "options");
    const baseUrl = resolveBaseUrl(o.baseUrl);
    this.baseUrl = baseUrl.href.replace(/\/$/, "");
    this.orgHandle = o.orgHandle;
    this.productId = o.productId;
    this.#transport = new Transport({
      baseUrl,
      auth: new SchemeAuth("Token", o.token),
      orgHandle: o.orgHandle,
      productId: o.productId,
      ...transportSettings(o, PLATFORM_TIMEOUT_MS),
    });
    const t = this.#transport;
    this.organizations = new Organizations(t);
    this.spaces = new Spaces(t);
    this.agents = new Agents(t);
    this.providers = new Providers(t);
    this.providerConfigurations = new ProviderConfigurations(t);
    this.numbers = new Numbers(t);
    this.bridges = new Bridges(t);
    this.overview = new Overview(t);
    this.trunks = new Trunks(t);
    this.tasks = new Tasks(t);
    this.runs = new Runs(t);
    this.executions = new Executions(t);
    this.cdr = new Cdr(t);
    this.analytics = new AnalyticsResource(t);
  }

  toJSON(): object {
    return { baseUrl: this.baseUrl, orgHandle: this.orgHandle, productId: this.productId };
  }

  [inspect.custom](): string {
    return `VoiceClient ${inspect(this.toJSON())}`;
  }
}

/** Loopback hosts may use plain http (decision C3). */
function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** Checks the base URL (C3) and appends the API prefix (default the platform's) unless it is already there. */
export function resolveBaseUrl(raw: string, prefix = API_PREFIX): URL {
  const fail = (reason: string) =>
    createApiError({ kind: "argument", method: "", path: "", field: "options.baseUrl", reason });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail("must be an absolute http(s) URL");
  }
  if (url.username || url.password) throw fail("must not contain credentials");
  if (url.search || url.hash) throw fail("must not contain a query or fragment");
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname))) {
    throw fail("must use https: (plain http: only for localhost, 127.0.0.0/8 and [::1])");
  }
  const path = url.pathname.replace(/\/+$/, "");
  url.pathname = path.endsWith(prefix) ? path : `${path}${prefix}`;
  return url;
}
