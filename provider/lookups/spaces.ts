import { z } from "zod";
import type { Space as PlatformSpace, VoiceClient } from "../../sdk";
import { lookup } from "./lookup";

/** A space (workspace) of the organization. */
export const Space = z
  .object({
    id: z.string().describe("The space's id."),
    name: z.string().describe("The space's name."),
    token: z.string().describe("The space's public token: what runs, tasks and analytics take."),
    agentHandle: z.string().nullable().describe("The handle of the space's agent."),
    createdAt: z.string().nullable().describe("When it was created (ISO 8601)."),
  })
  .meta({ id: "Space", description: "A space (workspace) of the organization." });
export type Space = z.infer<typeof Space>;

/** Arguments of {@link fetchSpace}. */
export const GetSpaceArgs = z.object({ token: z.string().describe("The space's public token.") });
export type GetSpaceArgs = z.infer<typeof GetSpaceArgs>;

const toSpace = (s: PlatformSpace): Space => ({
  id: s.id,
  name: s.name,
  token: s.token,
  agentHandle: s.agent_handle ?? null,
  createdAt: s.created_at ?? null,
});

/** Lists the organization's spaces. */
export async function listSpaces(client: VoiceClient): Promise<Space[]> {
  return (await client.spaces.list()).data.map(toSpace);
}

/** One space by token; an unknown token fails with the platform's 404. */
export async function fetchSpace(client: VoiceClient, args: Partial<GetSpaceArgs>): Promise<Space> {
  if (!args.token) throw new Error("getSpace: token is required");
  return toSpace(await client.spaces.retrieve(args.token));
}

export const spaceLookups = [
  lookup({
    name: "getSpaces",
    description: "Lists the organization's spaces.",
    args: z.object({}),
    output: Space,
    many: true,
    run: listSpaces,
  }),
  lookup({
    name: "getSpace",
    description: "Looks up one space.",
    args: GetSpaceArgs,
    output: Space,
    many: false,
    run: fetchSpace,
  }),
];
