/**
 * The gaps of `@pulumi/pulumi` 3.259's provider server (`provider/server.js`), filled in one place.
 * `provider.main` builds its gRPC service object internally (the class is not exported), so the
 * plugin wraps `grpc.Server.prototype.addService` for the resource-provider service and replaces
 * five handlers and wraps one (`attach`), and serves every handler in the scope of its call's gRPC
 * connection (`scopedByConnection`); everything else stays the library's:
 *
 * - `configure`: the library discards the request. Here the configuration is read from the
 *   request's variables (`voice:config:<key>`, the stack config of the default provider) and its
 *   args (`<key>`, a provider's inputs) and handed to the runtime's `configure`. The answer says
 *   `acceptSecrets: false` (the library fixes it to true), as the dynamic-provider host does: the
 *   engine then sends plain values and re-marks outputs whose inputs were secret.
 * - `read`: the library calls `getProperties().toJavaScript()`, which throws on an import (sent
 *   with no properties), and drops the recorded inputs. Here absent properties and inputs are `{}`,
 *   and the inputs reach the provider (an id found nowhere then fails, rather than answering an
 *   empty resource the engine takes for "does not support importing").
 * - `checkConfig`, `diffConfig`: the library answers UNIMPLEMENTED, so the engine neither validates
 *   a provider's inputs nor knows which change matters. Here `provider-config.ts` does both: an
 *   invalid input fails naming the property, the organization is checked against the token's (so a
 *   wrong `orgHandle` fails the preview, before anything is created), the token is recorded as a
 *   secret even when passed plain, and a new `orgHandle` replaces the provider.
 * - `attach`: an engine run told to use the running plugin (PULUMI_DEBUG_PROVIDERS) calls it with its
 *   address; the library keeps the address for itself alone. Here the plugin is also told
 *   (`engine-run.ts`), so a plugin shared by many runs starts each afresh.
 * - `diff`: the library's `DiffResult` has no detailed diff, and it drops the old inputs. Here the
 *   provider's `detailedDiff` (property → update/replace) becomes the response's detailed diff, so
 *   previews name properties and replace reasons, and the old inputs reach the provider.
 */
import type * as grpcTypes from "@grpc/grpc-js";
import type * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import type { SettingsOwner } from "../connection/config";
import { servingConnection } from "../connection/connection-scope";
import { grpc } from "./grpc";
import type { NativeProvider } from "./provider";
import {
  checkConnection,
  checkProviderConfig,
  diffProviderConfig,
  inputsLookup,
  settingsOwner,
} from "./provider-config";

/**
 * A configuration lookup by stack-config key (`voice:baseUrl`), as the runtime's `configure` reads
 * it, and whose settings they are (the default provider's, or which explicit provider's).
 */
export type ConfigureHook = (lookup: (key: string) => string | undefined, owner: SettingsOwner) => void;

type Unary<Req, Resp> = grpcTypes.handleUnaryCall<Req, Resp>;

const failure = (err: unknown): grpcTypes.ServiceError =>
  Object.assign(new Error(err instanceof Error ? err.message : String(err)), {
    code: grpc.status.UNKNOWN,
    details: err instanceof Error ? err.message : String(err),
    metadata: new grpc.Metadata(),
  });

const struct = (value: Record<string, unknown> | undefined) =>
  Struct.fromJavaScript((value ?? {}) as Parameters<typeof Struct.fromJavaScript>[0]);

/** The configuration lookup of a Configure request: variables first, then the provider's args. */
function configLookup(req: provproto.ConfigureRequest): (key: string) => string | undefined {
  const variables = new Map(req.getVariablesMap().toArray());
  const fromArgs = inputsLookup(req.getArgs()?.toJavaScript() ?? {});
  return (key) => variables.get(`voice:config:${key.replace(/^voice:/, "")}`) ?? fromArgs(key);
}

/** CheckConfig: the provider's inputs checked, then its connection (organization, token) for the provider the request names. */
async function checkProviderInputs(req: provproto.CheckRequest): Promise<provproto.CheckResponse> {
  const news = req.getNews()?.toJavaScript() ?? {};
  const owner = settingsOwner(req.getName());
  const checked = checkProviderConfig(news, owner);
  const failures = checked.failures.length > 0 ? checked.failures : await checkConnection(news, owner);
  const resp = new provproto.CheckResponse();
  resp.setInputs(struct(checked.inputs));
  resp.setFailuresList(
    failures.map(({ property, reason }) => {
      const failure = new provproto.CheckFailure();
      failure.setProperty(property);
      failure.setReason(reason);
      return failure;
    }),
  );
  return resp;
}

/** The handlers that replace the library's: configure, read, diff, checkConfig and diffConfig. */
function handlers(provider: NativeProvider, configure: ConfigureHook) {
  const configureCall: Unary<provproto.ConfigureRequest, provproto.ConfigureResponse> = (call, callback) => {
    try {
      configure(configLookup(call.request), settingsOwner(call.request.getName()));
      const resp = new provproto.ConfigureResponse();
      resp.setAcceptsecrets(false);
      resp.setAcceptresources(true);
      callback(null, resp);
    } catch (err) {
      callback(failure(err), null);
    }
  };

  const read: Unary<provproto.ReadRequest, provproto.ReadResponse> = (call, callback) => {
    const req = call.request;
    provider
      .read(
        req.getId(),
        req.getUrn(),
        req.getProperties()?.toJavaScript() ?? {},
        req.getInputs()?.toJavaScript() ?? {},
      )
      .then((result) => {
        const resp = new provproto.ReadResponse();
        resp.setId(result.id ?? "");
        resp.setProperties(struct(result.props));
        if (result.inputs !== undefined) resp.setInputs(struct(result.inputs));
        callback(null, resp);
      })
      .catch((err: unknown) => callback(failure(err), null));
  };

  const diff: Unary<provproto.DiffRequest, provproto.DiffResponse> = (call, callback) => {
    const req = call.request;
    const { DiffChanges } = provproto.DiffResponse;
    const { Kind } = provproto.PropertyDiff;
    provider
      .diff(
        req.getId(),
        req.getUrn(),
        req.getOlds()?.toJavaScript() ?? {},
        req.getNews()?.toJavaScript() ?? {},
        req.getOldInputs()?.toJavaScript() ?? {},
      )
      .then((result) => {
        const resp = new provproto.DiffResponse();
        const { changes } = result;
        resp.setChanges(
          changes === undefined
            ? DiffChanges.DIFF_UNKNOWN
            : changes
              ? DiffChanges.DIFF_SOME
              : DiffChanges.DIFF_NONE,
        );
        resp.setReplacesList([...(result.replaces ?? [])]);
        resp.setStablesList([...(result.stables ?? [])]);
        resp.setDeletebeforereplace(result.deleteBeforeReplace ?? false);
        resp.setDiffsList(Object.keys(result.detailedDiff));
        resp.setHasdetaileddiff(true);
        for (const [key, change] of Object.entries(result.detailedDiff)) {
          const property = new provproto.PropertyDiff();
          property.setKind(change === "replace" ? Kind.UPDATE_REPLACE : Kind.UPDATE);
          property.setInputdiff(true);
          resp.getDetaileddiffMap().set(key, property);
        }
        callback(null, resp);
      })
      .catch((err: unknown) => callback(failure(err), null));
  };

  const checkConfig: Unary<provproto.CheckRequest, provproto.CheckResponse> = (call, callback) => {
    void checkProviderInputs(call.request).then(
      (resp) => callback(null, resp),
      (err: unknown) => callback(failure(err), null),
    );
  };

  const diffConfig: Unary<provproto.DiffRequest, provproto.DiffResponse> = (call, callback) => {
    try {
      const req = call.request;
      const { changed, replaces } = diffProviderConfig(
        req.getOldInputs()?.toJavaScript() ?? req.getOlds()?.toJavaScript() ?? {},
        req.getNews()?.toJavaScript() ?? {},
      );
      const { DiffChanges } = provproto.DiffResponse;
      const { Kind } = provproto.PropertyDiff;
      const resp = new provproto.DiffResponse();
      resp.setChanges(changed.length > 0 ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_NONE);
      resp.setReplacesList(replaces);
      resp.setDiffsList(changed);
      resp.setHasdetaileddiff(true);
      for (const key of changed) {
        const property = new provproto.PropertyDiff();
        property.setKind(replaces.includes(key) ? Kind.UPDATE_REPLACE : Kind.UPDATE);
        property.setInputdiff(true);
        resp.getDetaileddiffMap().set(key, property);
      }
      callback(null, resp);
    } catch (err) {
      callback(failure(err), null);
    }
  };

  return { configure: configureCall, read, diff, checkConfig, diffConfig };
}

/** The library's attach, telling `onAttach` the attaching engine's address first. */
function attachWith(
  library: grpcTypes.UntypedHandleCall | undefined,
  onAttach: (address: string) => void,
): Unary<plugproto.PluginAttach, unknown> {
  return (call, callback) => {
    try {
      onAttach(call.request.getAddress());
    } catch (err) {
      return callback(failure(err), null);
    }
    if (typeof library === "function") (library as Unary<plugproto.PluginAttach, unknown>)(call, callback);
    else callback(null, new Empty());
  };
}

/** A handler of the service, as grpc-js calls it: the call (whose peer names its connection) first. */
type Handler = (call: { getPeer(): string }, ...rest: unknown[]) => unknown;

/**
 * Every handler of `implementation` the service names, served in the scope of its call's connection
 * (`connection-scope.ts`): in a plugin engines attach to, each provider instance's connection is
 * served with its own configuration, and none reads another's.
 */
export function scopedByConnection(
  service: grpcTypes.ServiceDefinition,
  implementation: grpcTypes.UntypedServiceImplementation,
): void {
  for (const name of Object.keys(service)) {
    const handler = implementation[name] as Handler | undefined;
    if (typeof handler !== "function") continue;
    const scoped: Handler = (call, ...rest) =>
      servingConnection(call.getPeer(), () => handler.call(implementation, call, ...rest));
    implementation[name] = scoped as grpcTypes.UntypedHandleCall;
  }
}

/**
 * Installs the handlers above into the resource-provider service `provider.main` registers, every
 * handler scoped by its connection; `onAttach` hears of each engine that attaches to the running plugin.
 */
export function fillServerGaps(
  provider: NativeProvider,
  configure: ConfigureHook,
  onAttach: (address: string) => void = () => {},
): void {
  const original = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function addService(service, implementation) {
    // The library's service object is a class instance: its own handlers are replaced in place.
    if (service === provrpc.ResourceProviderService) {
      const attach = attachWith(implementation.attach?.bind(implementation), onAttach);
      Object.assign(implementation, handlers(provider, configure), { attach });
      scopedByConnection(service, implementation);
    }
    original.call(this, service, implementation);
  };
}
