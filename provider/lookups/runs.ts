import { z } from "zod";
import { Run as PlatformRun, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** A run: the tasks one task creation made; `status` `pending` until every call ended, then `completed`. */
export const Run = view(
  PlatformRun,
  { id: "Run", description: "A run: the tasks one task creation made." },
  {
    run_id: "The run's id: what `getTasks` takes.",
    status: "`pending` until every call ended, then `completed`.",
    collection_ref: "The collection the run's contacts came from.",
    run_mode: "How the run's calls are placed.",
    created: "When it was created (ISO 8601).",
    modified: "When it last changed (ISO 8601).",
  },
);
export type Run = z.infer<typeof Run>;

/** Arguments of {@link listRuns}. */
export const GetRunsArgs = z.object({ spaceToken: z.string().describe("The space's public token.") });
export type GetRunsArgs = z.infer<typeof GetRunsArgs>;

const toRun = (r: PlatformRun): Run => seen(Run, r);

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
