/**
 * What a plugin process keeps per client connection once engines attach to it (PULUMI_DEBUG_PROVIDERS,
 * the fleet's shared plugin). The engine dials an attached plugin once per provider instance (the
 * default provider, each explicit one, the schema's loader), so one connection is one provider: each
 * keeps its own configuration, as a plugin process of its own would. A process no engine attaches to
 * (the program, the dynamic-provider host, a plugin the engine started) keeps one value per process.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** One client connection of an attached plugin: the key of what is kept for it. */
type Connection = { readonly peer: string };

const scope = new AsyncLocalStorage<Connection>();
// Set by the first engine that attaches: from then on every value is a connection's.
let attached = false;
// The connections of the current engine run, by peer; a new run forgets them, and what was kept for them.
let connections = new Map<string, Connection>();

/** A call of an attached plugin served outside a connection's scope: it would use another provider's value. */
export class OutsideConnectionError extends Error {
  constructor() {
    super(
      "this voice provider plugin is attached to (engines share it): a call was served outside the scope " +
        "of its gRPC connection, so it cannot know which provider's configuration it is for",
    );
    this.name = "OutsideConnectionError";
  }
}

/**
 * Runs `serve` as a call of the client connection `peer` (grpc-js `call.getPeer()`, one address per
 * connection); before any engine attached, simply runs it.
 */
export function servingConnection<T>(peer: string, serve: () => T): T {
  if (!attached) return serve();
  let connection = connections.get(peer);
  if (connection === undefined) {
    connection = { peer };
    connections.set(peer, connection);
  }
  return scope.run(connection, serve);
}

/**
 * A new engine run attached: values are kept per connection from now on, and every connection of the
 * runs before it is forgotten with what was kept for it (one organization's platform data never
 * serves another's stack).
 */
export function startEngineRun(): void {
  attached = true;
  connections = new Map();
}

/**
 * A value made by `make` once per connection of an attached plugin, else once per process. In an
 * attached plugin, asking outside a connection's scope throws rather than answer another's value.
 */
export function perConnection<T>(make: () => T): () => T {
  let own: T | undefined;
  const kept = new WeakMap<Connection, T>();
  return () => {
    if (!attached) {
      own ??= make();
      return own;
    }
    const connection = scope.getStore();
    if (connection === undefined) throw new OutsideConnectionError();
    let value = kept.get(connection);
    if (value === undefined) {
      value = make();
      kept.set(connection, value);
    }
    return value;
  };
}
