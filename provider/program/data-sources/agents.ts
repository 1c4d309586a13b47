import type { Agent as PlatformAgent } from "../../../sdk";
import { dataSource } from "../data-source";

/** An agent; `handle` is what tasks are assigned to. */
export interface Agent {
  handle: string;
  name: string;
  type: string | null;
  state: string | null;
  purpose: string | null;
}

const toAgent = (a: PlatformAgent): Agent => ({
  handle: a.handle,
  name: a.name,
  type: a.type ?? null,
  state: a.state ?? null,
  purpose: a.purpose ?? null,
});

const agents = dataSource<object, Agent[]>("getAgents", async (client) =>
  (await client.agents.list()).data.map(toAgent),
);

/** Arguments of {@link getAgent}. */
export interface GetAgentArgs {
  handle: string;
}

const agent = dataSource<GetAgentArgs, Agent>("getAgent", async (client, args) => {
  const all = (await client.agents.list()).data;
  const found = all.find((a) => a.handle === args.handle);
  if (!found) {
    throw new Error(
      `no agent with handle "${args.handle}" (agents: ${all.map((a) => a.handle).join(", ") || "none"})`,
    );
  }
  return toAgent(found);
});

/** Lists the organization's agents. */
export const getAgents = agents.get;
/** {@link getAgents} as an Output. */
export const getAgentsOutput = agents.getOutput;
/** One agent by handle; an unknown handle is an error naming the known ones. */
export const getAgent = agent.get as (args: GetAgentArgs) => Promise<Agent>;
/** {@link getAgent} as an Output. */
export const getAgentOutput = agent.getOutput;
