// A benchmark run on its own (`npm run bench -- --<name>`): timed, its header naming the command and
// the machine, its results written to bench/results/<name>.json and .md (a `--quick` run's to
// <name>-quick.*.tmp, which git ignores), its table printed.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { repoRoot } from "../../scripts/tools/engine";
import { describeMachine } from "./machine";
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
  const dir = path.join(repoRoot, "bench", "results");
  await mkdir(dir, { recursive: true });
  const [json, md] = quick
    ? [`${name}-quick.json.tmp`, `${name}-quick.md.tmp`]
    : [`${name}.json`, `${name}.md`];
  await writeFile(
    path.join(dir, json),
    `${JSON.stringify({ command, startedAt: started.toISOString(), machine, ...result }, null, 2)}\n`,
  );
  await writeFile(path.join(dir, md), `${report}\n`);
  process.stdout.write(`${report}\n`);
}
