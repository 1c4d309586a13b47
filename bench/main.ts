// `npm run bench [-- --<suite> [its options]]`: runs one suite of bench/suites.ts, the full run when
// none is named; `--help` lists every suite and option (bench/usage.ts), from the same declarations.
import { readCommandLine } from "./command-line";
import { BenchUsageError } from "./harness/suite";
import { BENCH_SUITES } from "./suites";
import { usage } from "./usage";

async function main(): Promise<void> {
  const command = readCommandLine(process.argv.slice(2), BENCH_SUITES);
  if (command.help) process.stdout.write(usage(BENCH_SUITES));
  else await command.suite.run(command.values);
}

main().catch((e: unknown) => {
  const text =
    e instanceof BenchUsageError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e);
  process.stderr.write(`bench: ${text}\n`);
  process.exit(1);
});
