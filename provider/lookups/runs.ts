import { z } from "zod";
import type { Run as PlatformRun, VoiceClient } from "../../sdk";
import { lookup } from "./lookup";

/** A run: the tasks one task creation made; `status` `pending` until every call ended, then `completed`. */
export const Run = z
  .object({
    runId: z.string().describe("The run's id: what `getTasks` takes."),
    status: z.string().describe("`pending` until every call ended, then `completed`."),
    collectionRef: z.string().nullable().describe("The collection the run's contacts came from."),
    runMode: z.string().nullable().describe("How the run's calls are placed."),
    created: z.string().nullable().describe("When it was created (ISO 8601)."),
    modified: z.string().nullable().describe("When it last changed (ISO 8601)."),
  })
  .meta({ id: "Run", description: "A run: the tasks one task creation made." });
export type Run = z.infer<typeof Run>;

/** Arguments of {@link listRuns}. */
export const GetRunsArgs = z.object({ spaceToken: z.string().describe("The space's public token.") });
export type GetRunsArgs = z.infer<typeof GetRunsArgs>;

const toRun = (r: PlatformRun): Run => ({
  runId: r.run_id,
  status: r.status,
  collectionRef: r.collection_ref ?? null,
  runMode: r.run_mode ?? null,
  created: r.created ?? null,
  modified: r.modified ?? null,
});

/** Runs of a space (every page), oldest first; an unknown space token fails with the platform's 404. */
export async function listRuns(client: VoiceClient, args: Partial<GetRunsArgs>): Promise<Run[]> {
  if (!args.spaceToken) throw new Error("getRuns: spaceToken is required");
  const all: Run[] = [];
  for await (const run of client.runs.list(args.spaceToken, { page_size: 100 })) all.push(toRun(run));
  return all;
}

export const runLookups = [
  lookup({
    name: "getRuns",
    description: "Lists the runs of a space (the tasks one task creation made).",
    args: GetRunsArgs,
    output: Run,
    many: true,
    run: listRuns,
  }),
];
