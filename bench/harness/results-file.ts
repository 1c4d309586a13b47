// A suite's results, where the docs cite them: bench/results/<name>.json (the figures) and .md (the
// report). A quick run writes <name>-quick.json.tmp and .md.tmp beside them, which git ignores, so a
// check never replaces the committed figures.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { repoRoot } from "../../scripts/tools/engine";

/** bench/results. */
export const RESULTS_DIR = path.join(repoRoot, "bench", "results");

/** Writes `results` and its `report` as bench/results/`name`.json and .md (a quick run's as `name`-quick, ignored by git). */
export async function writeResults(
  name: string,
  results: unknown,
  report: string,
  quick = false,
): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const base = path.join(RESULTS_DIR, quick ? `${name}-quick` : name);
  const ignored = quick ? ".tmp" : "";
  await writeFile(`${base}.json${ignored}`, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(`${base}.md${ignored}`, report.endsWith("\n") ? report : `${report}\n`);
}
