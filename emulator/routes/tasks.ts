import { z } from "zod";
import { nextRunId, nextTaskId } from "../domain/calls/ids";
import { documentId } from "../domain/calls/lifecycle";
import type { Contact, TaskRecord } from "../domain/calls/records";
import { executionView, runView, taskView } from "../domain/calls/task-view";
import { agentIn, spaceIn } from "../domain/directory";
import type { Agent, Space } from "../domain/state";
import { E164_RE, normalizePhone, pageRequest, paginate, parseBody } from "../domain/validation";
import { visibleOrganizations } from "../http/auth";
import { jsonObject } from "../http/body";
import { type Answer, list, notFound, ok } from "../http/envelope";
import type { PlatformRequest, PlatformRouter } from "../http/router";

/** Most contacts one create accepts (decision K1). */
const MAX_DOCUMENTS = 100;

const text = z.string({ error: "must be a string" });
const contactSchema = z.object(
  {
    name: text.optional(),
    email: text.optional(),
    contact_number: text.optional(),
    alternate_number: text.optional(),
    occupation: text.optional(),
    company_name: text.optional(),
    address: text.optional(),
    about: text.optional(),
    context: text.optional(),
    labels: z.array(text, { error: "must be an array of strings" }).optional(),
    title: text.optional(),
    description: text.optional(),
    document_id: text.optional(),
  },
  { error: "must be an object" },
);
const createSchema = z.object({
  pilot: text,
  documents: z.array(contactSchema, { error: "must be an array of contact objects" }),
  context: text.optional(),
  schedule: z
    .object({ type: z.literal("now", { error: "must be 'now'" }) }, { error: "must be an object" })
    .optional(),
});

/** A business-logic failure: 206 `{message, errors}` (spec, decision E5). */
function businessError(message: string, errors: Record<string, string>): Answer {
  return { status: 206, body: { message, errors } };
}

function findSpace(req: PlatformRequest): Space {
  const orgs = visibleOrganizations(req.ctx.store, req.grant, req.headers);
  const token = String(req.params.space_token);
  const space = spaceIn(req.ctx.store.state, token, orgs);
  if (space === undefined) throw notFound(`Space '${token}'`);
  return space;
}

function findAgent(req: PlatformRequest): Agent {
  const orgs = visibleOrganizations(req.ctx.store, req.grant, req.headers);
  const handle = String(req.params.agent_handle);
  const agent = agentIn(req.ctx.store.state, handle, orgs);
  if (agent === undefined) throw notFound(`Agent '${handle}'`);
  return agent;
}

function taskList(req: PlatformRequest, tasks: TaskRecord[]): Answer {
  const page = pageRequest(req.query);
  const state = req.ctx.store.state;
  const now = Date.now();
  return list(
    paginate(tasks, page).map((t) => taskView(state, t, now)),
    tasks.length,
    "Tasks retrieved successfully",
  );
}

/** Why a create cannot run (206), or `null`: the pilot and each contact (decision K1). */
function createProblems(req: PlatformRequest, space: Space, body: z.output<typeof createSchema>) {
  const errors: Record<string, string> = {};
  const agent = agentIn(req.ctx.store.state, body.pilot, [space.organization]);
  if (agent === undefined) errors.pilot = `no agent '${body.pilot}' in this organization`;
  else if (agent.state !== "published") errors.pilot = `agent '${body.pilot}' is not published`;
  if (body.documents.length === 0) errors.documents = "at least one contact is required";
  if (body.documents.length > MAX_DOCUMENTS) errors.documents = `at most ${MAX_DOCUMENTS} contacts`;
  body.documents.forEach((d, i) => {
    if (d.contact_number === undefined || d.contact_number.trim() === "") {
      errors[`documents.${i}.contact_number`] = "is required to place a call";
    } else if (!E164_RE.test(normalizePhone(d.contact_number))) {
      errors[`documents.${i}.contact_number`] = "must be an E.164 number";
    }
  });
  return Object.keys(errors).length === 0 ? null : errors;
}

/** Tasks, runs and executions (spec: Tasks and runs; decisions K1–K5). */
export function registerTaskRoutes(router: PlatformRouter): void {
  router.post("/spaces/:space_token/tasks/create/", (req) => {
    const space = findSpace(req);
    const body = parseBody(createSchema, jsonObject(req.body));
    const errors = createProblems(req, space, body);
    if (errors !== null) return businessError("The task could not be created", errors);
    const created = new Date().toISOString();
    const { ctx } = req;
    const ids = ctx.store.write((state) => {
      const run_id = nextRunId(state);
      state.runs.push({
        organization: space.organization,
        space_token: space.token,
        assignee: body.pilot,
        run_id,
        collection_ref: `col_${run_id}`,
        run_mode: "prod",
        created,
      });
      const task_ids = body.documents.map((document) => {
        const task_id = nextTaskId(state);
        const contact: Contact = {};
        for (const [k, v] of Object.entries(document)) if (v !== undefined) contact[k] = v;
        if (typeof contact.contact_number === "string") {
          contact.contact_number = normalizePhone(contact.contact_number);
        }
        state.tasks.push({
          organization: space.organization,
          space_token: space.token,
          assignee: body.pilot,
          run_id,
          task_id,
          _id: documentId(task_id),
          shape: "current",
          contact,
          context: body.context ?? "",
          run_mode: "prod",
          created,
          duration_ms: ctx.callDurationMs,
          outcome: "completed",
          ended_at: null,
          answered_at: null,
        });
        return task_id;
      });
      return { run_id, task_ids };
    });
    return ok({ ...ids, status: "pending" }, "Task created successfully");
  });

  router.get("/spaces/:space_token/tasks/", (req) => {
    const space = findSpace(req);
    return taskList(
      req,
      req.ctx.store.state.tasks.filter((t) => t.space_token === space.token),
    );
  });

  router.get("/spaces/:space_token/runs/", (req) => {
    const space = findSpace(req);
    const state = req.ctx.store.state;
    const runs = state.runs.filter((r) => r.space_token === space.token);
    const now = Date.now();
    const data = paginate(runs, pageRequest(req.query)).map((r) => runView(state, r, now));
    return list(data, runs.length, "Runs retrieved successfully");
  });

  router.get("/spaces/:space_token/runs/:run_id/tasks/", (req) => {
    const space = findSpace(req);
    const runId = String(req.params.run_id);
    const state = req.ctx.store.state;
    if (!state.runs.some((r) => r.run_id === runId && r.space_token === space.token)) {
      return businessError("The tasks could not be listed", { run_id: `no run '${runId}' in this space` });
    }
    return taskList(
      req,
      state.tasks.filter((t) => t.run_id === runId),
    );
  });

  router.get("/agents/:agent_handle/tasks/", (req) => {
    const agent = findAgent(req);
    return taskList(
      req,
      req.ctx.store.state.tasks.filter(
        (t) => t.assignee === agent.handle && t.organization === agent.organization,
      ),
    );
  });

  router.get("/agents/:agent_handle/executions/", (req) => {
    const agent = findAgent(req);
    const state = req.ctx.store.state;
    const runs = state.runs.filter(
      (r) => r.assignee === agent.handle && r.organization === agent.organization,
    );
    const now = Date.now();
    const data = paginate(runs, pageRequest(req.query)).map((r) => executionView(state, r, now));
    return list(data, runs.length, "Executions retrieved successfully");
  });
}
