// `npm run bench -- --state-bytes`: what each resource type costs in the checkpoint (the small
// estate of ./estate.ts, on the native plugin and on the dynamic resources), and with `--numbers N`
// what writing checkpoints costs when the per-link estate of N numbers is created, with the engine's
// checkpoint settings varied (./checkpoints.ts; variants interleaved, their order rotated per
// repetition). Writes bench/results/state-bytes.json and .md.
import os from "node:os";
import { loadNow, sampleLoad } from "../harness/load-sampler";
import { describeMachine } from "../harness/machine";
import { writeResults } from "../harness/results-file";
import { rotated, withSeededEmulator } from "../harness/seeded-emulator";
import { benchStack } from "../harness/stack";
import { progress } from "../harness/stats";
import { type StateBytes, stateBytes } from "./breakdown";
import { type CreateRun, createRun, VARIANTS } from "./checkpoints";
import { BYTES_ESTATE_NUMBERS, bytesEstate } from "./estate";
import { renderStateBytes, type StateBytesResults } from "./report";

/** The small estate's checkpoint on `provider`, type by type. */
async function measureTypes(provider: "native" | "voice", parallel: number): Promise<StateBytes> {
  return withSeededEmulator(BYTES_ESTATE_NUMBERS, async (target) => {
    const stack = await benchStack(target, `state-bytes-${provider}`, parallel, {
      native: provider === "native",
    });
    try {
      await stack.declare(bytesEstate(provider));
      const m = await stack.run("up");
      if (m.error || m.failedOperations > 0) throw new Error(`${provider}: up failed: ${m.error ?? ""}`);
      return stateBytes(await stack.exportText());
    } finally {
      await stack.cleanup();
    }
  });
}

export async function runStateBytesMain(numbers: number | undefined, reps: number): Promise<void> {
  const started = new Date();
  const machine = await describeMachine();
  const parallel = 4 * os.availableParallelism();
  const load = sampleLoad();
  const command = `npm run bench -- --state-bytes${numbers ? ` --numbers ${numbers} --reps ${reps}` : ""}`;
  progress(`state bytes: ${machine.cores} cores, load average ${machine.loadAverageAtStart}`);
  const types: StateBytesResults["types"] = {};
  for (const provider of ["native", "voice"] as const) {
    progress(`the small estate on the ${provider === "native" ? "native plugin" : "dynamic resources"}`);
    types[provider] = await measureTypes(provider, parallel);
  }
  const creates: StateBytesResults["creates"] = [];
  if (numbers !== undefined) {
    for (let r = 0; r < reps; r++) {
      const runs: Record<string, CreateRun & { load: [number, number] }> = {};
      for (const variant of rotated(VARIANTS, r)) {
        progress(`${numbers} numbers per link, repetition ${r + 1}/${reps}: ${variant.label}`);
        const before = loadNow();
        const run = await withSeededEmulator(numbers, (target) =>
          createRun(variant, target, numbers, parallel, (text) => stateBytes(text).checkpointBytes),
        );
        runs[variant.key] = { ...run, load: [before, loadNow()] };
        progress(
          `  ${(run.ms / 1000).toFixed(1)} s; CPU engine ${run.cpuS.engine} s, plugin ${run.cpuS.provider} s, program ${run.cpuS.program} s`,
        );
      }
      creates.push(runs);
    }
  }
  load.stop();
  const results: StateBytesResults = {
    command,
    startedAt: started.toISOString(),
    durationS: Math.round((Date.now() - started.getTime()) / 1000),
    machine,
    load: load.peek(),
    parallel,
    numbers,
    types,
    creates,
  };
  const report = renderStateBytes(results);
  await writeResults("state-bytes", results, report);
  process.stdout.write(`${report}\n`);
}
