import type { Run as PlatformRun } from "../../../sdk";
import { dataSource } from "../data-source";

/** A run: the tasks one task creation made; `status` `pending` until every call ended, then `completed`. */
export interface Run {
  runId: string;
  status: string;
  collectionRef: string | null;
  runMode: string | null;
  created: string | null;
  modified: string | null;
}

/** Arguments of {@link getRuns}. */
export interface GetRunsArgs {
  /** The space's public token. */
  spaceToken: string;
}

const toRun = (r: PlatformRun): Run => ({
  runId: r.run_id,
  status: r.status,
  collectionRef: r.collection_ref ?? null,
  runMode: r.run_mode ?? null,
  created: r.created ?? null,
  modified: r.modified ?? null,
});

const runs = dataSource<GetRunsArgs, Run[]>("getRuns", async (client, args) => {
  if (!args.spaceToken) throw new Error("getRuns: spaceToken is required");
  const all: Run[] = [];
  for await (const run of client.runs.list(args.spaceToken, { page_size: 100 })) all.push(toRun(run));
  return all;
});

/** Runs of a space (every page), oldest first; an unknown space token fails with the platform's 404. */
export const getRuns = runs.get as (args: GetRunsArgs) => Promise<Run[]>;
/** {@link getRuns} as an Output. */
export const getRunsOutput = runs.getOutput;
