import type { IncomingHttpHeaders } from "node:http";
import { networkInterfaces } from "node:os";
import type { FastifyInstance } from "fastify";
import { bracketed, isLoopbackHost } from "./loopback";

// A web page the user visits can reach a server on this machine in two ways. It can send
// requests there (a form, a no-cors fetch): the browser sends them but hides the answers, so
// only state changes matter, and they carry the page's Origin / Sec-Fetch-Site. And it can
// point a name of its own at 127.0.0.1 (DNS rebinding): the page is then same-origin with the
// emulator and reads every answer, but its requests carry that name in Host. So every request
// must address the emulator by one of its own names, and state changes outside token-checked
// APIs must come from the emulator's own page or from no page at all (curl, the SDK).

/** Which Host names a server answers to, besides loopback, and where it checks the sending site. */
export interface SiteGuardOptions {
  /** The interface it listens on (`--host`); a wildcard (`0.0.0.0`, `::`) adds the machine's addresses. */
  listenHost: string;
  /** More names, or `name:port`, a request's Host may carry (`--allowed-host`). */
  allowedHosts: readonly string[];
  /** Whether a state change on this path must come from the server's own site (or no site). */
  checksSite(url: string): boolean;
}

/** A refused request: the status and the error body it is answered with. */
export interface SiteRefusal {
  status: 403 | 421;
  body: { error: { code: string; message: string } };
}

/** A Host name and port, as a browser would have put them in the URL. */
interface HostPort {
  name: string;
  port: number | undefined;
}

const WILDCARDS = new Set(["0.0.0.0", "[::]"]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Parse `name[:port]` (IPv6 in brackets) the way a URL does; `undefined` when it is not one. */
function parseHostPort(value: string): HostPort | undefined {
  if (!/^[A-Za-z0-9._~:[\]-]+$/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${value}`);
  } catch {
    return undefined;
  }
  if (url.username !== "" || url.password !== "" || url.pathname !== "/") return undefined;
  // `new URL` drops a default port (80), so tell "no port" from ":80" by the text.
  const hasPort = /:\d+$/.test(value);
  return { name: url.hostname, port: hasPort ? Number(url.port || 80) : undefined };
}

/** Check one `--allowed-host` entry: a host name or address, optionally with `:port`. */
export function parseAllowedHost(entry: string): HostPort {
  const parsed = parseHostPort(entry);
  if (parsed === undefined) {
    throw new Error(
      `--allowed-host (allowedHosts) '${entry}' is not a host name or address with an optional :port ` +
        "(e.g. voice.test, voice.test:8080, [fd00::1]:8787)",
    );
  }
  return parsed;
}

/** Whether a URL's host name (lower case) is loopback: `localhost`, `*.localhost` or a loopback address. */
const isLoopbackName = (name: string): boolean => name.endsWith(".localhost") || isLoopbackHost(name);

/** This machine's interface addresses as a URL's host names (what a server on a wildcard answers to). */
function ownInterfaces(): Set<string> {
  const names = Object.values(networkInterfaces())
    .flat()
    .map((i) => (i === undefined ? undefined : parseHostPort(bracketed(i.address))?.name));
  return new Set(names.filter((name) => name !== undefined));
}

/** The Host names a server accepts: loopback ones on its port, its `--host`, and the allow-list. */
export class HostPolicy {
  readonly #listen: string | undefined;
  readonly #allowed: HostPort[];
  /** The machine's addresses when listening on a wildcard, read once; empty otherwise. */
  readonly #own: Set<string>;

  constructor(
    readonly listenHost: string,
    allowedHosts: readonly string[],
  ) {
    this.#listen = parseHostPort(bracketed(listenHost))?.name;
    this.#allowed = allowedHosts.map(parseAllowedHost);
    this.#own = this.#listen !== undefined && WILDCARDS.has(this.#listen) ? ownInterfaces() : new Set();
  }

  /** Why a request's Host is not this server's (listening on `port`, unknown before it listens), or `undefined`. */
  refusal(host: string | undefined, port: number | undefined): string | undefined {
    const given = host === undefined ? undefined : parseHostPort(host);
    if (given !== undefined) {
      const samePort = port === undefined || (given.port ?? 80) === port;
      if (
        this.#allowed.some((a) => a.name === given.name && (a.port === undefined || a.port === given.port))
      ) {
        return undefined;
      }
      const own = isLoopbackName(given.name) || given.name === this.#listen || this.#own.has(given.name);
      if (own && samePort) return undefined;
    }
    const at = port === undefined ? "" : ` on port ${port}`;
    return (
      `Refused: Host '${host ?? ""}' is not this emulator's address (localhost, 127.0.0.1 or [::1]${at}, ` +
      `or its --host ${this.listenHost}). A page on another site can reach a local server through a name of ` +
      `its own (DNS rebinding), so other names are refused; to use this one, start the emulator with ` +
      `--allowed-host ${given?.name ?? "<name>"} (option allowedHosts)`
    );
  }
}

/** A header's text (repeated headers joined). */
function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Why a state change looks sent by another site's page, or `undefined`: `Sec-Fetch-Site` other
 * than `same-origin`/`none`, or an `Origin` whose host is not the request's Host (`null` included).
 */
export function crossSiteRefusal(headers: IncomingHttpHeaders): string | undefined {
  const advice =
    "the emulator's admin surface and dashboard take changes only from their own page or from clients " +
    "that send no Origin (curl, the SDK)";
  const site = headerText(headers["sec-fetch-site"]);
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    return `Refused: a change sent from another site's page (Sec-Fetch-Site: ${site}); ${advice}`;
  }
  const origin = headerText(headers.origin);
  if (origin === undefined) return undefined;
  let from: URL | undefined;
  try {
    from = new URL(origin);
  } catch {
    from = undefined;
  }
  const host = headers.host === undefined ? undefined : parseHostPort(headers.host);
  const sameHost =
    from !== undefined &&
    (from.protocol === "http:" || from.protocol === "https:") &&
    host !== undefined &&
    from.hostname === host.name &&
    (from.port === "" ? undefined : Number(from.port)) === (host.port === 80 ? undefined : host.port);
  if (sameHost) return undefined;
  return `Refused: a change sent from another site's page (Origin: ${origin}); ${advice}`;
}

/** The verdict on one request: `undefined` to let it through. */
export function siteRefusal(
  policy: HostPolicy,
  request: { method: string; url: string; headers: IncomingHttpHeaders },
  port: number | undefined,
  checksSite: (url: string) => boolean,
): SiteRefusal | undefined {
  const misdirected = policy.refusal(request.headers.host, port);
  if (misdirected !== undefined) {
    return { status: 421, body: { error: { code: "misdirected_request", message: misdirected } } };
  }
  if (SAFE_METHODS.has(request.method) || !checksSite(request.url)) return undefined;
  const crossSite = crossSiteRefusal(request.headers);
  if (crossSite === undefined) return undefined;
  return { status: 403, body: { error: { code: "cross_site_request", message: crossSite } } };
}

/**
 * Install the guard as the app's first hook, so a refused request reaches nothing else: no
 * fault, rate-limit window, request log, handler or state-file write.
 */
export function installSiteGuard(app: FastifyInstance, opts: SiteGuardOptions): void {
  const policy = new HostPolicy(opts.listenHost, opts.allowedHosts);
  app.addHook("onRequest", async (request, reply) => {
    const address = app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : undefined;
    const refusal = siteRefusal(policy, request, port, opts.checksSite);
    if (refusal !== undefined) return reply.code(refusal.status).send(refusal.body);
  });
}
