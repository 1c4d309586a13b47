#!/usr/bin/env node
// The package's command line, `pulumi-voice-platform <command>`. Each command's module is loaded
// only when that command runs, so `--help` and every command start without loading the others
// (the emulator must listen within 2 s of an installed package's start).
// Before anything else: on an old Node, one line naming the found and needed version.
import "../provider/entry/node-version";
import { enableCompileCache } from "node:module";
import { ownPackage } from "../sdk/core/own-package";
import { compileCacheDir } from "./compile-cache";
import { WORKER_COMMAND } from "./fleet/worker-command";

/** The name the package's `bin` installs. */
export const PROGRAM = "pulumi-voice-platform";

/** One subcommand: a summary for the usage, and how to run it (it answers its own `--help`). */
interface Command {
  summary: string;
  load(): Promise<(argv: readonly string[]) => Promise<void>>;
}

const COMMANDS: Record<string, Command> = {
  emulator: {
    summary: "Run the local platform emulator (a faithful stand-in for the platform API)",
    load: async () => (await import("../emulator/cli.js")).runEmulator,
  },
  export: {
    summary: "Write a Pulumi project that takes over an existing organization (bridges, numbers, trunks)",
    load: async () => (await import("./export/command.js")).runExport,
  },
  report: {
    summary: "Turn `pulumi preview --json` / `refresh --preview-only --json` into a markdown table",
    load: async () => (await import("./report/command.js")).runReport,
  },
  fleet: {
    summary: "Run preview, drift, up, refresh or destroy in many stacks at once, with one combined report",
    load: async () => (await import("./fleet/command.js")).runFleet,
  },
  recover: {
    summary: "Settle an interrupted `pulumi up`: record the creates it made, by natural key",
    load: async () => (await import("./recover/command.js")).runRecover,
  },
};

/** The command line's commands, as its usage lists them. */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

/** The top-level usage text. */
export function usage(): string {
  const width = Math.max(...COMMAND_NAMES.map((name) => name.length));
  return [
    `Usage: ${PROGRAM} <command> [options]`,
    "",
    "Commands:",
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    "",
    "Options:",
    "  -h, --help     Show this help (`<command> --help` for a command's options)",
    "  -v, --version  Print the package version",
  ].join("\n");
}

/** Where a command's options are explained, said after its error instead of the usage itself. */
const helpPointer = (command: string): string => `Run '${PROGRAM} ${command} --help' for its options.`;

function misuse(message: string): void {
  process.stderr.write(`${PROGRAM}: ${message}\n\n${usage()}\n`);
  process.exitCode = 2;
}

/** Dispatch `argv` (without node and the script) to a subcommand. */
export async function main(argv: readonly string[]): Promise<void> {
  const [first, ...rest] = argv;
  if (first === undefined) return misuse("a command is required");
  if (first === "-h" || first === "--help" || first === "help") {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  if (first === "-v" || first === "--version") {
    process.stdout.write(`${ownPackage()?.version ?? "unknown"}\n`);
    return;
  }
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (command === undefined && first !== WORKER_COMMAND) return misuse(`unknown command '${first}'`);
  // Node's on-disk cache of compiled modules takes about a fifth off loading Fastify and zod at
  // every start after the first; it is silently off where the folder is not writable.
  enableCompileCache(compileCacheDir());
  if (command === undefined) return (await import("./fleet/worker.js")).runWorker();
  const run = await command.load();
  try {
    await run(rest);
  } catch (e) {
    // Misuse or a failed start (bad option, port in use, unreadable state file): exit 2. The error and a
    // pointer to the usage only: a whole usage after it would scroll the one line that matters out of a CI log.
    process.stderr.write(
      `${PROGRAM} ${first}: ${e instanceof Error ? e.message : String(e)}\n${helpPointer(first)}\n`,
    );
    process.exit(2);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`${PROGRAM}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
