import type { Space as PlatformSpace } from "../../../sdk";
import { dataSource } from "../data-source";

/** A space (workspace) of the organization. */
export interface Space {
  id: string;
  name: string;
  token: string;
  agentHandle: string | null;
  createdAt: string | null;
}

const toSpace = (s: PlatformSpace): Space => ({
  id: s.id,
  name: s.name,
  token: s.token,
  agentHandle: s.agent_handle ?? null,
  createdAt: s.created_at ?? null,
});

const spaces = dataSource<object, Space[]>("getSpaces", async (client) =>
  (await client.spaces.list()).data.map(toSpace),
);

/** Arguments of {@link getSpace}. */
export interface GetSpaceArgs {
  /** The space's public token. */
  token: string;
}

const space = dataSource<GetSpaceArgs, Space>("getSpace", async (client, args) => {
  if (!args.token) throw new Error("getSpace: token is required");
  return toSpace(await client.spaces.retrieve(args.token));
});

/** Lists the organization's spaces. */
export const getSpaces = spaces.get;
/** {@link getSpaces} as an Output. */
export const getSpacesOutput = spaces.getOutput;
/** One space by token; an unknown token fails with the platform's 404. */
export const getSpace = space.get as (args: GetSpaceArgs) => Promise<Space>;
/** {@link getSpace} as an Output. */
export const getSpaceOutput = space.getOutput;
