import { beforeAll, describe, expect, it } from "vitest";
import {
  BusinessLogicError,
  InternalServerError,
  InvalidArgumentError,
  NotFoundError,
  type Task,
  type VoiceClient,
} from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor, rejectionOf } from "../../fixtures/http";
import { TASK_CONTACT } from "../../fixtures/platform";

// Calls long enough to stay pending until a test ends them through the admin surface.
const emu = useEmulator({ callDurationMs: 600_000 });
let client: VoiceClient;
beforeAll(() => {
  client = clientFor(emu);
});

const SPACE = "sp-acme-support";
const contact = TASK_CONTACT;

describe("tasks.create", () => {
  it("creates one task per contact and answers the run, the task ids and pending", async () => {
    const created = await client.tasks.create(SPACE, {
      pilot: "support-agent",
      documents: [contact, { contact_number: "+14155550144" }],
      context: "Q3",
      schedule: { type: "now" },
    });
    expect(created).toEqual({
      run_id: expect.stringMatching(/^R/),
      task_ids: [expect.any(String), expect.any(String)],
      status: "pending",
    });
  });

  it("a 206 {message, errors} is a BusinessLogicError with the errors, never data", async () => {
    const e = await rejectionOf(client.tasks.create(SPACE, { pilot: "draft-agent", documents: [] }));
    expect(e).toBeInstanceOf(BusinessLogicError);
    const err = e as BusinessLogicError;
    expect(err.status).toBe(206);
    expect(err.errors).toEqual({
      pilot: expect.stringContaining("not published"),
      documents: expect.any(String),
    });
    expect(err.message).toContain(`POST /spaces/${SPACE}/tasks/create/ → 206`);
  });

  it("checks arguments before sending: unknown contact fields, a wrong schedule, an empty pilot", async () => {
    const bad = (body: unknown) => rejectionOf(client.tasks.create(SPACE, body as never));
    expect(await bad({ pilot: "a", documents: [{ phone: "+1" }] })).toMatchObject({
      field: "body.documents[0]",
    });
    expect(await bad({ pilot: "a", documents: [], schedule: { type: "later" } })).toMatchObject({
      field: "body.schedule.type",
    });
    expect(await bad({ pilot: " ", documents: [] })).toBeInstanceOf(InvalidArgumentError);
    expect(await rejectionOf(client.tasks.create("", { pilot: "a", documents: [] }))).toMatchObject({
      field: "spaceToken",
    });
    expect(await emu.admin.requests()).toEqual([]);
  });

  it("is never replayed after a gateway error (it may have been processed)", async () => {
    await emu.admin.addFault({ kind: "status", status: 503, match: { method: "POST", path: "/spaces/" } });
    const e = await rejectionOf(client.tasks.create(SPACE, { pilot: "support-agent", documents: [contact] }));
    expect(e).toBeInstanceOf(InternalServerError);
    expect((await emu.admin.requests()).filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("an unknown space is a NotFoundError", async () => {
    const e = await rejectionOf(
      client.tasks.create("nope", { pilot: "support-agent", documents: [contact] }),
    );
    expect(e).toBeInstanceOf(NotFoundError);
  });
});

describe("task lists", () => {
  it("read both shapes into one model that says which one arrived", async () => {
    const { task_ids, run_id } = await client.tasks.create(SPACE, {
      pilot: "support-agent",
      documents: [contact],
    });
    const page = await client.tasks.list(SPACE);
    expect(page.count).toBe(4);
    const shapes = page.data.map((t) => t.shape);
    expect(shapes).toEqual(["legacy", "legacy", "legacy", "current"]);
    const legacy = page.data[0] as Task;
    if (legacy.shape !== "legacy") throw new Error("expected legacy");
    expect(legacy.user_info?.full_name).toBe("Ada Lovelace");
    expect(legacy.task?.objective).toEqual(expect.any(String));
    expect(legacy.output.post_call_data).toEqual({
      summary: expect.any(String),
      outcome: expect.any(String),
      sentiment: expect.any(String),
    });

    const pending = page.data[3] as Task;
    expect(pending).toMatchObject({ shape: "current", status: "pending", output: {}, task_id: task_ids[0] });

    const [id] = task_ids;
    if (id === undefined) throw new Error("no task id");
    await emu.admin.completeTask(id);
    const [done] = (await client.tasks.listByRun(SPACE, run_id)).data;
    if (done?.shape !== "current") throw new Error("expected current");
    expect(done.space_id).toBe("spc_acme_support");
    expect(done.status).toBe("completed");
    const pcd = done.output.post_call_data;
    if (pcd?.schema_version !== 2) throw new Error("expected v2 post_call_data");
    expect(pcd.follow_up?.policy?.max_call_attempts).toEqual(expect.any(Number));
    expect(pcd.post_call_usage?.providers?.llm_model).toEqual(expect.any(String));
    expect(done.output.transcript?.map((t) => t.role)).toContain("user");
  });

  it("an in-progress call's partial output", async () => {
    const { task_ids, run_id } = await client.tasks.create(SPACE, {
      pilot: "support-agent",
      documents: [contact],
    });
    await emu.admin.advanceTask(task_ids[0] ?? "");
    const [task] = (await client.tasks.listByRun(SPACE, run_id)).data;
    expect(task?.status).toBe("in_progress");
    expect(task?.output).toEqual({ call_type: "outbound", call_status: "connected", call_end_reason: "" });
    expect(task?.output.transcript).toBeUndefined();
  });

  it("paginate and iterate across pages; list by agent; 404 for an unknown agent", async () => {
    const first = await client.tasks.list(SPACE, { page_size: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.hasNextPage()).toBe(true);
    const all: string[] = [];
    for await (const t of client.tasks.list(SPACE, { page_size: 2 })) all.push(t.task_id);
    expect(all).toEqual(["Tseed0001", "Tseed0002", "Tseed0003"]);
    expect((await client.tasks.listByAgent("support-agent")).count).toBe(3);
    expect(await rejectionOf(client.tasks.listByAgent("nobody"))).toBeInstanceOf(NotFoundError);
  });

  it("a run that is not in the space: 206 BusinessLogicError naming run_id", async () => {
    const e = await rejectionOf(client.tasks.listByRun(SPACE, "R404"));
    expect(e).toBeInstanceOf(BusinessLogicError);
    expect((e as BusinessLogicError).errors).toEqual({ run_id: expect.any(String) });
  });
});

describe("runs and executions", () => {
  it("runs of a space and executions of an agent count their tasks", async () => {
    const created = await client.tasks.create(SPACE, {
      pilot: "support-agent",
      documents: [contact, contact],
    });
    const runs = await client.runs.list(SPACE);
    expect(runs.data.map((r) => [r.run_id, r.status])).toEqual([
      ["Rseed0001", "completed"],
      [created.run_id, "pending"],
    ]);
    const executions = await client.executions.list("support-agent");
    expect(executions.data[1]).toMatchObject({ run_id: created.run_id, total_tasks: 2, completed_tasks: 0 });
    expect(await rejectionOf(client.runs.list("nope"))).toBeInstanceOf(NotFoundError);
    expect(await rejectionOf(client.executions.list("nobody"))).toBeInstanceOf(NotFoundError);
  });
});
