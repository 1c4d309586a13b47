import { z } from "zod";
import { Agent as PlatformAgent, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** An agent; `handle` is what tasks are assigned to. */
export const Agent = view(
  PlatformAgent,
  { id: "Agent", description: "A voice agent; `handle` is what tasks are assigned to." },
  {
    handle: "The agent's handle: what tasks are assigned to.",
    name: "The agent's name.",
    // Null-tolerant beyond the SDK's reading: a lookup's users must not depend on fields the platform may drop.
    type: PlatformAgent.shape.type.nullable().describe("The agent's type."),
    state: PlatformAgent.shape.state.nullable().describe("The agent's state, e.g. `published`."),
    purpose: "What the agent is for.",
  },
);
export type Agent = z.infer<typeof Agent>;

/** Arguments of {@link fetchAgent}. */
export const GetAgentArgs = z.object({ handle: z.string().describe("The agent's handle.") });
export type GetAgentArgs = z.infer<typeof GetAgentArgs>;

const toAgent = (a: PlatformAgent): Agent => seen(Agent, a);

/** Lists the organization's agents. */
export async function listAgents(client: VoiceClient): Promise<Agent[]> {
  return (await client.agents.list()).data.map(toAgent);
}

/** One agent by handle; an unknown handle is an error naming the known ones. */
export async function fetchAgent(client: VoiceClient, args: Partial<GetAgentArgs>): Promise<Agent> {
  const all = (await client.agents.list()).data;
  const found = all.find((a) => a.handle === args.handle);
  if (!found) {
    throw new Error(
      `no agent with handle "${args.handle}" (agents: ${all.map((a) => a.handle).join(", ") || "none"})`,
    );
  }
  return toAgent(found);
}

export const agentLookups = [
  lookup({
    name: "getAgents",
    description: "Lists the organization's agents.",
    args: z.object({}),
    output: Agent,
    many: true,
    run: listAgents,
  }),
  lookup({
    name: "getAgent",
    description: "Looks up one agent.",
    args: GetAgentArgs,
    output: Agent,
    many: false,
    run: fetchAgent,
  }),
];
