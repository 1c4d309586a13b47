#!/usr/bin/env node
// The `emulator` subcommand of the package's CLI (`pulumi-voice-platform emulator`, cli/main.ts).
// Running this file directly does the same, for scripts that spawn `dist/emulator/cli.js`.
import { parseArgs } from "node:util";
import { MAX_TRAFFIC_CALLS, type TrafficPlan } from "./domain/calls/traffic";
import {
  DEFAULT_NUMBERS_PER_ORGANIZATION,
  MAX_FLEET_ORGANIZATIONS,
  MAX_NUMBERS_PER_ORGANIZATION,
} from "./domain/seed/fleet";
import { isLoopbackHost } from "./http/loopback";
import { API_PREFIX } from "./http/pipeline";
import { startEmulator } from "./server";

/** The subcommand's usage line. */
export const EMULATOR_USAGE = [
  "Usage: pulumi-voice-platform emulator [--port 8787] [--host 127.0.0.1] [--token <token>]",
  "         [--state-file <file>] [--rate-limit <requests-per-minute>] [--admin-token <token>]",
  "         [--request-timeout <ms>] [--inference-port <port>] [--endpoint-key <key>]",
  "         [--call-duration <ms>] [--allowed-host <name[:port]>]...",
  "         [--organizations <n> [--numbers-per-organization <m>]] [--traffic <calls>]",
  "",
  "Runs the local platform emulator until SIGINT/SIGTERM. --admin-token (or the environment",
  "variable VOICE_EMULATOR_ADMIN_TOKEN) lets clients on other addresses use the admin surface",
  "(/_emulator/), and is then required from every client. Requests must name the emulator by",
  "a loopback name or --host in their Host header (421 otherwise); --allowed-host adds a name.",
  "--organizations adds org-001 … org-<n>, which the token may use, each with its own account",
  "of --numbers-per-organization numbers (default 1,000), two spaces and two agents.",
  "--traffic adds that many generated SIP calls (CDRs) to acme at start, seed 1, over the",
  "14 days up to the start, on its numbers linked to a bridge (all its numbers when none is).",
  "See docs/emulator.md.",
].join("\n");

/** The banner's line naming the fleet's organizations, when there is one. */
function fleetLine(fleet: readonly string[], numbers: number | undefined): string[] {
  if (fleet.length === 0) return [];
  const each = (numbers ?? DEFAULT_NUMBERS_PER_ORGANIZATION).toLocaleString("en-US");
  const span = fleet.length === 1 ? fleet[0] : `${fleet[0]} … ${fleet.at(-1)}`;
  const count = fleet.length === 1 ? "1 organization" : `${fleet.length} organizations`;
  return [`  Fleet:        ${span} (${count}, ${each} numbers each)`];
}

/** The banner's line describing the calls --traffic added, when it was given. */
function trafficLine(traffic: TrafficPlan | undefined, org: string): string[] {
  if (traffic === undefined) return [];
  const calls = traffic.calls.toLocaleString("en-US");
  return [
    `  Traffic:      ${calls} calls for ${org} over the ${traffic.days} days to ${traffic.now} (seed ${traffic.seed})`,
  ];
}

/** Environment variable read when `--admin-token` is not given (it keeps the token out of `ps`). */
const ADMIN_TOKEN_ENV = "VOICE_EMULATOR_ADMIN_TOKEN";

function intOption(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) {
    throw new Error(`--${name} must be an integer >= ${min}, got '${value}'`);
  }
  return Number(value);
}

/** An optional whole number from 1 to `max`. */
function countOption(value: string | undefined, name: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new Error(`--${name} must be an integer from 1 to ${max}, got '${value}'`);
  }
  return Number(value);
}

function nonEmpty(value: string | undefined, name: string): string | undefined {
  if (value === "") throw new Error(`--${name} must not be empty`);
  return value;
}

/**
 * Run the emulator subcommand: resolves once it listens (the process then lives until a signal)
 * or after printing the usage for `--help`; rejects on a bad option, a port in use or an
 * unreadable state file, which the caller reports with the usage and exit code 2.
 */
export async function runEmulator(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: "string" },
      host: { type: "string" },
      token: { type: "string" },
      "state-file": { type: "string" },
      "rate-limit": { type: "string" },
      "admin-token": { type: "string" },
      "request-timeout": { type: "string" },
      "inference-port": { type: "string" },
      "endpoint-key": { type: "string" },
      "call-duration": { type: "string" },
      "allowed-host": { type: "string", multiple: true },
      organizations: { type: "string" },
      "numbers-per-organization": { type: "string" },
      traffic: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(`${EMULATOR_USAGE}\n`);
    return;
  }
  const port = intOption(values.port, "port", 8787, 0);
  if (port > 65535) throw new Error(`--port must be at most 65535, got '${values.port}'`);
  const host = nonEmpty(values.host, "host") ?? "127.0.0.1";
  // The chat host sits beside the platform port (8788 by default), or on a free one with --port 0.
  const inferencePort = intOption(values["inference-port"], "inference-port", port === 0 ? 0 : port + 1, 0);
  if (inferencePort > 65535) {
    throw new Error(`--inference-port must be at most 65535, got '${values["inference-port"]}'`);
  }
  if (values["numbers-per-organization"] !== undefined && values.organizations === undefined) {
    throw new Error("--numbers-per-organization needs --organizations");
  }
  const organizations = countOption(values.organizations, "organizations", MAX_FLEET_ORGANIZATIONS);
  const numbersPerOrganization = countOption(
    values["numbers-per-organization"],
    "numbers-per-organization",
    MAX_NUMBERS_PER_ORGANIZATION,
  );
  const traffic = countOption(values.traffic, "traffic", MAX_TRAFFIC_CALLS);
  const adminToken = nonEmpty(values["admin-token"] ?? process.env[ADMIN_TOKEN_ENV], "admin-token");
  const emulator = await startEmulator({
    port,
    host,
    token: nonEmpty(values.token, "token") ?? "emulator-token",
    stateFile: nonEmpty(values["state-file"], "state-file"),
    rateLimit: intOption(values["rate-limit"], "rate-limit", 600, 1),
    windowMs: 60_000,
    requestTimeoutMs: intOption(values["request-timeout"], "request-timeout", 10_000, 1),
    adminToken,
    inferencePort,
    endpointKey: nonEmpty(values["endpoint-key"], "endpoint-key") ?? "emulator-endpoint-key",
    callDurationMs: intOption(values["call-duration"], "call-duration", 3_000, 0),
    allowedHosts: values["allowed-host"] ?? [],
    organizations,
    numbersPerOrganization,
    traffic,
  });
  // Handlers first: whoever reads the banner may stop the emulator at once.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(
          `pulumi-voice-platform emulator: failed to stop cleanly on ${signal}: ${String(e)}\n`,
        );
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.stdout.write(
    [
      `Voice platform emulator listening on ${emulator.url}`,
      `  API:          ${emulator.url}${API_PREFIX}/`,
      `  Org-Handle:   ${emulator.orgHandle}`,
      `  Token:        ${emulator.token}`,
      `  Product-ID:   ${emulator.productId}`,
      `  Chat API:     ${emulator.inferenceUrl}/v1/chat/completions`,
      `  Endpoint key: ${emulator.endpointKey}`,
      `  Playbook:     ${emulator.playbookModel}`,
      ...(values["state-file"] === undefined ? [] : [`  State file:   ${values["state-file"]}`]),
      ...fleetLine(emulator.fleet, numbersPerOrganization),
      ...trafficLine(emulator.traffic, emulator.orgHandle),
      "",
    ].join("\n"),
  );
  if (!isLoopbackHost(host)) {
    const admin =
      adminToken === undefined
        ? "the admin surface (/_emulator/) refuses clients not on loopback unless --admin-token is given"
        : "the admin surface (/_emulator/) requires the admin token from every client";
    process.stderr.write(
      `pulumi-voice-platform emulator: warning: listening on ${host}, so the platform API is reachable ` +
        `from the network (with its token); ${admin}.\n`,
    );
  }
}

if (require.main === module) {
  runEmulator(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(
      `pulumi-voice-platform emulator: ${e instanceof Error ? e.message : String(e)}\n${EMULATOR_USAGE}\n`,
    );
    process.exit(2);
  });
}
