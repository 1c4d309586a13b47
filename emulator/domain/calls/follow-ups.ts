import { z } from "zod";
import { ApiError } from "../api-error";
import { agentsOf } from "../directory";
import { numberByValue } from "../inventory";
import type { Agent, EmulatorState, Space } from "../state";
import { indexOf } from "../state-index";
import { e164 } from "../validation";
import { nextRunId, nextTaskId } from "./ids";
import { documentId } from "./lifecycle";
import type { TaskRecord } from "./records";

// A scheduled follow-up call (docs/emulator.md, Traffic): a current-shape task whose first call
// did not connect and whose next one is due at `next_at`, placed from one of the organization's
// numbers. It is what a review of a change to that number must not break. The API has no way to
// make one (its tasks start at once), so the admin surface does.

/** The contact called when the body names none (a fictional number, like every seeded one). */
export const DEFAULT_FOLLOW_UP_CONTACT = "+16175550100";

/** Body of `POST /_emulator/orgs/{handle}/follow-ups`. */
export const followUpInputSchema = z.object({
  number: e164(),
  nextAt: z.iso.datetime({
    offset: true,
    error: "must be an ISO 8601 date-time such as 2025-01-31T12:00:00Z",
  }),
  contactNumber: e164().optional(),
  assignee: z
    .string({ error: "must be an agent handle" })
    .min(1, { error: "must be an agent handle" })
    .optional(),
});
/** A follow-up body as validated (numbers normalized). */
export type FollowUpInput = z.output<typeof followUpInputSchema>;

const invalid = (field: string, rule: string) =>
  new ApiError(400, "validation_error", `${field} ${rule}`, { [field]: rule });

/** The agent that makes the call: the one named, or the organization's first. */
function assigneeOf(state: EmulatorState, organization: string, handle: string | undefined): Agent {
  const agents = agentsOf(state, [organization]);
  const agent = handle === undefined ? agents[0] : agents.find((a) => a.handle === handle);
  if (agent === undefined) {
    throw invalid(
      "assignee",
      handle === undefined
        ? "is required: the organization has no agents"
        : "must be an agent of the organization",
    );
  }
  return agent;
}

/** The space the call runs in: the one whose agent is the assignee, else the organization's first. */
function spaceOf(state: EmulatorState, organization: string, agent: Agent): Space {
  const spaces = indexOf(state).spacesByOrganization.get(organization) ?? [];
  const space = spaces.find((s) => s.agent_handle === agent.handle) ?? spaces[0];
  if (space === undefined) throw invalid("assignee", "has no space to run the call in");
  return space;
}

/**
 * Add a scheduled follow-up to a live state: checks first (400 naming the field), then one run
 * and one task. Call it inside `Store.write`.
 */
export function addFollowUp(
  state: EmulatorState,
  organization: string,
  input: FollowUpInput,
  callDurationMs: number,
  nowIso: string,
): TaskRecord {
  const own = numberByValue(state, input.number);
  if (own === undefined || own.organization !== organization) {
    throw invalid("number", "must be a number of the organization");
  }
  const agent = assigneeOf(state, organization, input.assignee);
  const space = spaceOf(state, organization, agent);
  const run_id = nextRunId(state);
  state.runs.push({
    organization,
    space_token: space.token,
    assignee: agent.handle,
    run_id,
    collection_ref: `col_${run_id}`,
    run_mode: "prod",
    created: nowIso,
  });
  const task_id = nextTaskId(state);
  const task: TaskRecord = {
    organization,
    space_token: space.token,
    assignee: agent.handle,
    run_id,
    task_id,
    _id: documentId(task_id),
    shape: "current",
    contact: { contact_number: input.contactNumber ?? DEFAULT_FOLLOW_UP_CONTACT },
    context: "Follow-up call",
    run_mode: "prod",
    created: nowIso,
    duration_ms: callDurationMs,
    outcome: "completed",
    ended_at: null,
    answered_at: null,
    assistant_number: own.number,
    scheduled_at: input.nextAt,
  };
  state.tasks.push(task);
  return task;
}
