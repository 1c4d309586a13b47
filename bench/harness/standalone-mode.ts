// A benchmark run on its own (`npm run bench -- --<name>`): timed, its header naming the command and
// the machine, its results written to bench/results/<name>.json and .md (a `--quick` run's to
// <name>-quick.*.tmp, which git ignores), its table printed.
import { describeMachine } from "./machine";
import { writeResults } from "./results-file";
import { timed } from "./stats";

export async function runStandaloneMode<T extends object>(
  name: string,
  quick: boolean,
  run: () => Promise<T>,
  render: (result: T, header: string) => string,
): Promise<void> {
  const started = new Date();
  const machine = await describeMachine();
  const { ms, result } = await timed(run);
  const command = `npm run bench -- --${name}${quick ? " --quick" : ""}`;
  const header = [
    `Command: \`${command}\` · ${started.toISOString()} · took ${Math.round(ms / 1000)} s`,
    "",
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, ${machine.os}; load average ${machine.loadAverageAtStart} at start. Node ${machine.node}; fastify ${machine.versions.fastify}.`,
  ].join("\n");
  const report = render(result, header);
  await writeResults(name, { command, startedAt: started.toISOString(), machine, ...result }, report, quick);
  process.stdout.write(`${report}\n`);
}
