import { beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, useEmulator } from "../../fixtures/emulator";
import { TASK_CONTACT } from "../../fixtures/platform";
import { platform } from "../../fixtures/raw-platform";

// A long call so that a task created by a test stays pending until the admin surface ends it.
const emu = useEmulator({ callDurationMs: 600_000 });
let call: ReturnType<typeof platform>;
beforeAll(() => {
  call = platform(emu);
});

const SPACE = "sp-acme-support";
const CREATE = `/spaces/${SPACE}/tasks/create/`;
const contact = {
  ...TASK_CONTACT,
  contact_number: "+1 (415) 555-0142",
  labels: ["lead", "warm"],
  title: "Pricing follow-up",
};
const create = (body: unknown, path = CREATE) => call("POST", path, { body });

describe("task creation", () => {
  it("answers 200 {run_id, task_ids, status: pending}, one task per contact", async () => {
    const res = await create({
      pilot: "support-agent",
      documents: [contact, { contact_number: "+14155550144" }],
      context: "Q3 campaign",
      schedule: { type: "now" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status_code: 200,
      message: expect.any(String),
      data: {
        run_id: expect.stringMatching(/^R/),
        task_ids: [expect.any(String), expect.any(String)],
        status: "pending",
      },
    });
    for (const id of res.json.data.task_ids) expect(id).toMatch(/^T/);
  });

  it.each([
    ["an unknown pilot", { pilot: "nobody", documents: [contact] }, "pilot"],
    ["an unpublished pilot", { pilot: "draft-agent", documents: [contact] }, "pilot"],
    ["another organization's agent", { pilot: "ops-agent", documents: [contact] }, "pilot"],
    ["no documents", { pilot: "support-agent", documents: [] }, "documents"],
    [
      "a contact without a number",
      { pilot: "support-agent", documents: [{ name: "X" }] },
      "documents.0.contact_number",
    ],
    [
      "a number that is not E.164",
      { pilot: "support-agent", documents: [{ contact_number: "12" }] },
      "documents.0.contact_number",
    ],
  ])("answers 206 {message, errors} for %s, and creates nothing", async (_, body, field) => {
    const res = await create(body);
    expect(res.status).toBe(206);
    expect(res.json).toEqual({ message: expect.any(String), errors: { [field]: expect.any(String) } });
    const tasks = await call("GET", `/spaces/${SPACE}/tasks/`);
    expect(tasks.json.count).toBe(3);
  });

  it("answers 400 for a malformed body, 404 for an unknown space, 401 without credentials", async () => {
    const bad = await create({ pilot: 7, documents: "x", schedule: { type: "later" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(["documents", "pilot", "schedule.type"]);
    const unknown = await create(
      { pilot: "support-agent", documents: [contact] },
      "/spaces/nope/tasks/create/",
    );
    expect(unknown.status).toBe(404);
    const anon = await call("POST", CREATE, {
      token: null,
      body: { pilot: "support-agent", documents: [contact] },
    });
    expect(anon.status).toBe(401);
    expect(anon.json).toEqual({ status_code: 401, message: expect.any(String) });
  });
});

describe("simulated calls", () => {
  it("a created task is pending with an empty output, then completes with a full current-shape call", async () => {
    const created = await create({ pilot: "support-agent", documents: [contact], context: "Pricing" });
    const [taskId] = created.json.data.task_ids;
    const runId = created.json.data.run_id;
    const pending = await call("GET", `/spaces/${SPACE}/runs/${runId}/tasks/`);
    expect(pending.json.count).toBe(1);
    expect(pending.json.data[0]).toMatchObject({
      task_id: taskId,
      status: "pending",
      output: {},
      assignee: "support-agent",
    });
    expect(pending.json.data[0].space_id).toBe("spc_acme_support");
    const runs = await call("GET", `/spaces/${SPACE}/runs/`);
    expect(runs.json.data.find((r: { run_id: string }) => r.run_id === runId).status).toBe("pending");

    await emu.admin.completeTask(taskId);
    const done = (await call("GET", `/spaces/${SPACE}/runs/${runId}/tasks/`)).json.data[0];
    expect(done.status).toBe("completed");
    expect(done.input).toMatchObject({ contact_number: "+14155550142", name: "Jo Doe", space_token: SPACE });
    const out = done.output;
    expect(out).toMatchObject({ call_status: "completed", call_type: "outbound", customer: "Jo Doe" });
    expect(out.call_id).toEqual(expect.any(String));
    expect(out.call_end_reason).toMatch(/^[A-Z_]+$/);
    expect(out.transcript.length).toBeGreaterThan(1);
    for (const turn of out.transcript) expect(["agent", "user"]).toContain(turn.role);
    expect(out.recording_url).toEqual(expect.any(String));
    const pcd = out.post_call_data;
    expect(pcd.schema_version).toBe(2);
    for (const group of [
      "analytics",
      "summary",
      "lead",
      "structured_data",
      "next_action",
      "follow_up",
      "redial",
      "skipped",
      "post_call_usage",
    ]) {
      expect(pcd).toHaveProperty(group);
    }
    expect(pcd).toHaveProperty("evaluation", null);
    expect(pcd.lead.labels).toEqual(["lead", "warm"]);
    expect(pcd.follow_up.policy).toEqual(expect.objectContaining({ max_call_attempts: expect.any(Number) }));
    expect(
      (await call("GET", `/spaces/${SPACE}/runs/`)).json.data.find(
        (r: { run_id: string }) => r.run_id === runId,
      ).status,
    ).toBe("completed");
  });

  it("advance moves a call one step: answered (partial output), then ended", async () => {
    const created = await create({ pilot: "support-agent", documents: [contact] });
    const [taskId] = created.json.data.task_ids;
    const answered = await emu.admin.advanceTask(taskId);
    expect(answered).toMatchObject({ status: "in_progress" });
    const tasks = (await call("GET", `/spaces/${SPACE}/runs/${created.json.data.run_id}/tasks/`)).json.data;
    expect(tasks[0].status).toBe("in_progress");
    expect(tasks[0].output).toEqual({ call_type: "outbound", call_status: "connected", call_end_reason: "" });
    const ended = await emu.admin.advanceTask(taskId);
    expect(ended).toMatchObject({ status: "completed", output: { call_status: "completed" } });
    await expect(emu.admin.advanceTask(taskId)).rejects.toThrow(/409/);
    await expect(emu.admin.advanceTask("T404")).rejects.toThrow(/404/);
  });

  it("the admin surface can fail a call; an ended call cannot end again", async () => {
    const created = await create({ pilot: "support-agent", documents: [contact] });
    const [taskId] = created.json.data.task_ids;
    const failed = await emu.admin.completeTask(taskId, "failed");
    expect(failed).toMatchObject({ status: "failed", failure_count: 1 });
    await expect(emu.admin.completeTask(taskId)).rejects.toThrow(/409/);
  });

  it("with callDurationMs 0 a task is completed as soon as it is read", async () => {
    const quick = await startTestEmulator({ callDurationMs: 0 });
    try {
      const res = await platform(quick)("POST", CREATE, {
        body: { pilot: "support-agent", documents: [contact] },
      });
      const tasks = await platform(quick)("GET", `/spaces/${SPACE}/runs/${res.json.data.run_id}/tasks/`);
      expect(tasks.json.data[0].status).toBe("completed");
    } finally {
      await quick.close();
    }
  });
});

describe("task lists", () => {
  it("the seeded history is in the legacy shape", async () => {
    const res = await call("GET", `/spaces/${SPACE}/tasks/`);
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(3);
    const [first] = res.json.data;
    expect(first).toMatchObject({
      user_info: { email: "ada@example.com", full_name: "Ada Lovelace" },
      task: { objective: expect.any(String) },
      input: { name: "Ada Lovelace", contact_number: "+14155550111", email: "ada@example.com" },
      run_mode: "dev",
      status: "completed",
    });
    expect(first).not.toHaveProperty("space_id");
    expect(first.output.post_call_data).toEqual({
      summary: expect.any(String),
      outcome: expect.any(String),
      sentiment: expect.any(String),
    });
    expect(first.output.call_end_reason).toMatch(/^[a-z_]+$/);
    expect(res.json.data.map((t: { status: string }) => t.status)).toEqual([
      "completed",
      "completed",
      "failed",
    ]);
  });

  it("paginates, lists by agent, and 404s an unknown agent or space", async () => {
    const page = await call("GET", `/spaces/${SPACE}/tasks/?page=2&page_size=2`);
    expect(page.json.count).toBe(3);
    expect(page.json.data).toHaveLength(1);
    const byAgent = await call("GET", "/agents/support-agent/tasks/");
    expect(byAgent.json.count).toBe(3);
    expect((await call("GET", "/agents/sales-agent/tasks/")).json.count).toBe(0);
    expect((await call("GET", "/agents/nobody/tasks/")).status).toBe(404);
    expect((await call("GET", "/agents/ops-agent/tasks/")).status).toBe(404);
    expect((await call("GET", "/spaces/nope/tasks/")).status).toBe(404);
    expect((await call("GET", "/agents/nobody/executions/")).status).toBe(404);
  });

  it("an unknown run's tasks answer 206 {message, errors}", async () => {
    const res = await call("GET", `/spaces/${SPACE}/runs/R404/tasks/`);
    expect(res.status).toBe(206);
    expect(res.json).toEqual({ message: expect.any(String), errors: { run_id: expect.any(String) } });
  });

  it("executions count their tasks", async () => {
    const created = await create({
      pilot: "support-agent",
      documents: [contact, { contact_number: "+14155550150" }],
    });
    const [a] = created.json.data.task_ids;
    await emu.admin.completeTask(a);
    const res = await call("GET", "/agents/support-agent/executions/");
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      {
        run_id: "Rseed0001",
        status: "completed",
        total_tasks: 3,
        completed_tasks: 2,
        created: expect.any(String),
      },
      {
        run_id: created.json.data.run_id,
        status: "pending",
        total_tasks: 2,
        completed_tasks: 1,
        created: expect.any(String),
      },
    ]);
  });
});
