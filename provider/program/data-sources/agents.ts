import { fetchAgent, type GetAgentArgs, listAgents } from "../../lookups/agents";
import { dataSource } from "../data-source";

export type { Agent, GetAgentArgs } from "../../lookups/agents";

const agents = dataSource("getAgents", listAgents);
const agent = dataSource("getAgent", fetchAgent);

/** Lists the organization's agents. */
export const getAgents = agents.get;
/** {@link getAgents} as an Output. */
export const getAgentsOutput = agents.getOutput;
/** One agent by handle; an unknown handle is an error naming the known ones. */
export const getAgent = agent.get as (args: GetAgentArgs) => ReturnType<typeof agent.get>;
/** {@link getAgent} as an Output. */
export const getAgentOutput = agent.getOutput;
