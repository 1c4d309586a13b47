import { z } from "zod";
import { Space as PlatformSpace, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** A space (workspace) of the organization. */
export const Space = view(
  PlatformSpace,
  { id: "Space", description: "A space (workspace) of the organization." },
  {
    id: "The space's id.",
    name: "The space's name.",
    token: "The space's public token: what runs, tasks and analytics take.",
    agent_handle: "The handle of the space's agent.",
    created_at: "When it was created (ISO 8601).",
  },
);
export type Space = z.infer<typeof Space>;

/** Arguments of {@link fetchSpace}. */
export const GetSpaceArgs = z.object({ token: z.string().describe("The space's public token.") });
export type GetSpaceArgs = z.infer<typeof GetSpaceArgs>;

const toSpace = (s: PlatformSpace): Space => seen(Space, s);

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
