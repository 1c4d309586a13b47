// `npm run bench -- --state-bytes --postgres --numbers N`: what a checkpoint costs on a PostgreSQL
// backend beside the file backend (./backends.ts): one throwaway PostgreSQL server with its default
// durability for the whole run, the sides interleaved and their order rotated per repetition, each
// create on a fresh emulator. Writes bench/results/state-bytes-postgres.json and .md.
import os from "node:os";
import { startPostgres } from "../../scripts/tools/postgres-server";
import { loadNow, sampleLoad } from "../harness/load-sampler";
import { describeMachine } from "../harness/machine";
import { writeResults } from "../harness/results-file";
import { rotated, withSeededEmulator } from "../harness/seeded-emulator";
import { progress } from "../harness/stats";
import { BACKEND_SIDES, type BackendRun, backendRun, prepareServer } from "./backends";
import { type BackendResults, renderBackends } from "./backends-report";
import { stateBytes } from "./breakdown";

/** The server settings a reader needs to judge the figures: its durability, as PostgreSQL reports them. */
const SETTINGS = ["fsync", "synchronous_commit", "wal_sync_method", "full_page_writes", "wal_compression"];

export async function runBackendsMain(numbers: number, reps: number): Promise<void> {
  const started = new Date();
  const machine = await describeMachine();
  const parallel = 4 * os.availableParallelism();
  const load = sampleLoad();
  const command = `npm run bench -- --state-bytes --postgres --numbers ${numbers} --reps ${reps}`;
  progress(`state backends: ${machine.cores} cores, load average ${machine.loadAverageAtStart}`);
  const server = await startPostgres({ durable: true });
  const runs: BackendResults["runs"] = [];
  let postgres: BackendResults["postgres"];
  try {
    await prepareServer(server);
    const shown = await server.query(
      `SELECT version(), ${SETTINGS.map((s) => `current_setting('${s}')`).join(", ")}`,
    );
    const [version = "", ...values] = shown.trim().split("|");
    postgres = { version, settings: Object.fromEntries(SETTINGS.map((s, i) => [s, values[i] ?? ""])) };
    for (let r = 0; r < reps; r++) {
      const rep: Record<string, BackendRun & { load: [number, number] }> = {};
      for (const side of rotated(BACKEND_SIDES, r)) {
        progress(`${numbers} numbers, repetition ${r + 1}/${reps}: ${side.label}`);
        const before = loadNow();
        const run = await withSeededEmulator(numbers, (target) =>
          backendRun(side, server, target, numbers, parallel, (text) => stateBytes(text).checkpointBytes),
        );
        rep[side.key] = { ...run, load: [before, loadNow()] };
        progress(
          `  ${(run.ms / 1000).toFixed(1)} s; CPU engine ${run.cpuS.engine} s, server ${run.server.cpuS} s; wrote ${(run.engineTree.writeBytes / 1e6).toFixed(0)} MB (engine), ${(run.server.writeBytes / 1e6).toFixed(0)} MB (server), WAL ${(run.walBytes / 1e6).toFixed(0)} MB`,
        );
      }
      runs.push(rep);
    }
  } finally {
    load.stop();
    await server.stop();
  }
  const results: BackendResults = {
    command,
    startedAt: started.toISOString(),
    durationS: Math.round((Date.now() - started.getTime()) / 1000),
    machine,
    load: load.peek(),
    parallel,
    numbers,
    postgres,
    runs,
  };
  const report = renderBackends(results);
  await writeResults("state-bytes-postgres", results, report);
  process.stdout.write(`${report}\n`);
}
