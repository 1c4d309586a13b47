// Starts a resource-provider plugin as the engine does and asks it for its schema: how long until it
// printed its port, and until its first RPC (GetSchema) answered. Shared by the plugin tests and bench.
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { GetSchemaRequest } from "@pulumi/pulumi/proto/provider_pb";
import { grpc } from "../../provider/plugin/grpc";

/** What {@link probePlugin} measured. */
export interface PluginProbe {
  /** Milliseconds from spawn until the plugin printed the port it serves on. */
  portMs: number;
  /** Milliseconds from spawn until its GetSchema answered. */
  firstRpcMs: number;
  /** The package schema it answered, as JSON text. */
  schema: string;
}

/** Answers the first line of `child`'s stdout that is a port number; rejects if it ends or times out first. */
function portOf(child: ReturnType<typeof spawn>, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(
      () => reject(new Error(`no port printed within ${timeoutMs} ms:\n${err}`)),
      timeoutMs,
    );
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = /^(\d+)\s*$/m.exec(out);
      if (line) {
        clearTimeout(timer);
        resolve(Number(line[1]));
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the plugin exited (${code}) before printing a port:\n${out}${err}`));
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** GetSchema over `port`, the schema text. */
function getSchema(port: number): Promise<string> {
  const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return new Promise<string>((resolve, reject) => {
    client.getSchema(new GetSchemaRequest().setVersion(0), (error, response) => {
      client.close();
      if (error) reject(error);
      else resolve(response.getSchema());
    });
  });
}

/**
 * Runs `command args…` (the engine's address is a dead loopback port: nothing is logged before the
 * first RPC) with `env` as its whole environment, then stops it.
 */
export async function probePlugin(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<PluginProbe> {
  const started = performance.now();
  const child = spawn(command, [...args, "127.0.0.1:1"], { env, stdio: ["ignore", "pipe", "pipe"] });
  try {
    const port = await portOf(child, timeoutMs);
    const portMs = performance.now() - started;
    const schema = await getSchema(port);
    return { portMs, firstRpcMs: performance.now() - started, schema };
  } finally {
    child.kill("SIGKILL");
  }
}
