/**
 * Diagnostics the plugin writes into the engine's output through its Log RPC: the engine passes its
 * address as the plugin's argument at start (as `provider.main` reads it), and a message naming a
 * resource's URN shows under that resource, in the progress line and the Diagnostics of `pulumi
 * preview` and `up`, and in the events of the Automation API. The library's own `log` needs a
 * configured runtime, which a provider is not given, so this is a client of its own.
 */
import * as enginerpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engineproto from "@pulumi/pulumi/proto/engine_pb";
import { grpc } from "./grpc";

/** Where the plugin's diagnostics go. */
export interface EngineLog {
  /** A warning, under the resource at `urn` when given (else the stack's). Never rejects. */
  warn(message: string, urn?: string): Promise<void>;
  /** An informational message, as {@link warn}. */
  info(message: string, urn?: string): Promise<void>;
}

/**
 * The engine's address among a plugin's arguments: the first that is not one of the flags the engine
 * adds (`--logtostderr`, `-v=<n>`, `--tracing <endpoint>`), as `provider.main` reads it (its parser is
 * not exported).
 */
export function engineAddress(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === "--tracing") i += 1;
    else if (arg !== "--logtostderr" && !arg.startsWith("-v=")) return arg;
  }
  return undefined;
}

/** The engine's log of a plugin, which an engine that attaches to the running plugin re-points ({@link EngineLog.attach}). */
export interface AttachableEngineLog extends EngineLog {
  /** From now on, the engine at `address` (the one that attached, as the Attach request names it). */
  attach(address: string): void;
}

/** The engine's log of a plugin started with `args`; without an engine address (a test, or before an attach), stderr. */
export function engineLog(args: readonly string[]): AttachableEngineLog {
  let address = engineAddress(args);
  let client: enginerpc.EngineClient | undefined;
  const stderr = async (message: string) => {
    process.stderr.write(`${message}\n`);
  };
  const send = (severity: engineproto.LogSeverity, message: string, urn?: string) =>
    new Promise<void>((resolve) => {
      if (address === undefined) return void stderr(message).then(resolve);
      client ??= new enginerpc.EngineClient(address, grpc.credentials.createInsecure());
      const request = new engineproto.LogRequest();
      request.setSeverity(severity);
      request.setMessage(message);
      request.setUrn(urn ?? "");
      // A diagnostic that cannot be delivered must not fail the operation it is about.
      client.log(request, () => resolve());
    });
  return {
    warn: (message, urn) => send(engineproto.LogSeverity.WARNING, message, urn),
    info: (message, urn) => send(engineproto.LogSeverity.INFO, message, urn),
    attach(next) {
      if (next === address) return;
      client?.close();
      client = undefined;
      address = next;
    },
  };
}
