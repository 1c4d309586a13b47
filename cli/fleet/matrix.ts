// The selection as a CI job matrix: one job per shard, each job running `fleet <op> --shard i/n`.
//   GitHub Actions: a JSON `include` list for `strategy.matrix: ${{ fromJSON(needs.plan.outputs.matrix) }}`;
//   GitLab: a `parallel:matrix` block for a generated child pipeline.
import { stringify } from "yaml";
import type { SelectedStack } from "./selection";
import { inShard } from "./shard";

/** One job of the matrix: its shard and, for the job's name, its stacks. */
export interface MatrixJob {
  shard: string;
  stacks: string;
}

/** The jobs of `count` shards of `stacks`; never more jobs than stacks (an empty shard would run nothing). */
export function matrixJobs(stacks: readonly SelectedStack[], count: number): MatrixJob[] {
  const n = Math.min(count, stacks.length);
  return Array.from({ length: n }, (_, k) => ({
    shard: `${k + 1}/${n}`,
    stacks: inShard(stacks, { index: k + 1, count: n })
      .map((s) => s.id)
      .join(" "),
  }));
}

/** GitHub Actions: one line of JSON, `{"include":[{"shard":"1/3","stacks":"…"},…]}`. */
export function githubMatrix(jobs: readonly MatrixJob[]): string {
  return JSON.stringify({ include: jobs });
}

/** GitLab: `parallel: matrix:` entries, one job each (`SHARD`, `STACKS` as its variables). */
export function gitlabMatrix(jobs: readonly MatrixJob[]): string {
  return stringify({ parallel: { matrix: jobs.map((j) => ({ SHARD: j.shard, STACKS: j.stacks })) } });
}
