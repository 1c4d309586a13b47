#!/usr/bin/env node
import { parseArgs } from "node:util";
import { API_PREFIX } from "./pipeline";
import { startEmulator } from "./server";

const USAGE = `Usage: emulator [--port 8787] [--host 127.0.0.1] [--token <token>] [--state-file <file>] [--rate-limit <requests-per-minute>]`;

function intOption(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) {
    throw new Error(`--${name} must be an integer >= ${min}, got '${value}'`);
  }
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      token: { type: "string" },
      "state-file": { type: "string" },
      "rate-limit": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = intOption(values.port, "port", 8787, 0);
  if (port > 65535) throw new Error(`--port must be at most 65535, got '${values.port}'`);
  const emulator = await startEmulator({
    port,
    host: values.host ?? "127.0.0.1",
    token: values.token ?? "emulator-token",
    stateFile: values["state-file"],
    rateLimit: intOption(values["rate-limit"], "rate-limit", 600, 1),
    windowMs: 60_000,
  });
  process.stdout.write(
    [
      `Voice platform emulator listening on ${emulator.url}`,
      `  API:          ${emulator.url}${API_PREFIX}/`,
      `  Org-Handle:   ${emulator.orgHandle}`,
      `  Token:        ${emulator.token}`,
      `  Product-ID:   ${emulator.productId}`,
      ...(values["state-file"] === undefined ? [] : [`  State file:   ${values["state-file"]}`]),
      "",
    ].join("\n"),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`emulator: failed to stop cleanly on ${signal}: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((e: unknown) => {
  process.stderr.write(`emulator: ${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`);
  process.exit(2);
});
