import type { Agent, EmulatorState, Organization, Space } from "./state";
import { indexOf } from "./state-index";

// Queries over organizations, spaces and agents shared by the routes, the admin surface and the
// dashboard. Each finds its records through the state's index, so that what a request costs
// depends on the organizations it names, never on how many the platform holds.

/** The organization with this handle, if the platform has it. */
export function organizationByHandle(state: EmulatorState, handle: string): Organization | undefined {
  return indexOf(state).organizationByHandle.get(handle);
}

/** The spaces of some organizations, organization by organization. */
export function spacesOf(state: EmulatorState, organizations: readonly string[]): Space[] {
  const groups = indexOf(state).spacesByOrganization;
  return organizations.flatMap((o) => groups.get(o) ?? []);
}

/** The space with this token, when it belongs to one of the organizations. */
export function spaceIn(
  state: EmulatorState,
  token: string,
  organizations: readonly string[],
): Space | undefined {
  const space = indexOf(state).spaceByToken.get(token);
  return space !== undefined && organizations.includes(space.organization) ? space : undefined;
}

/** The agents of some organizations, organization by organization. */
export function agentsOf(state: EmulatorState, organizations: readonly string[]): Agent[] {
  const groups = indexOf(state).agentsByOrganization;
  return organizations.flatMap((o) => [...(groups.get(o)?.values() ?? [])]);
}

/** The agent with this handle in the first of the organizations that has one. */
export function agentIn(
  state: EmulatorState,
  handle: string,
  organizations: readonly string[],
): Agent | undefined {
  const groups = indexOf(state).agentsByOrganization;
  for (const o of organizations) {
    const agent = groups.get(o)?.get(handle);
    if (agent !== undefined) return agent;
  }
  return undefined;
}
