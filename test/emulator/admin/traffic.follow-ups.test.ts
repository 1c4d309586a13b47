import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { ACME_TWILIO, refusal } from "../../fixtures/linked-numbers";
import { platform } from "../../fixtures/raw-platform";

const emu = useEmulator({ callDurationMs: 600_000 });
let call: ReturnType<typeof platform>;
beforeAll(() => {
  call = platform(emu);
});

const [NUMBER, OTHER] = ACME_TWILIO.numbers as readonly string[] as [string, string];
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const tasksOf = async (path: string) => (await call("GET", path)).json.data as { task_id: string }[];

describe("POST /_emulator/orgs/{handle}/follow-ups", () => {
  it("schedules a pending current-shape task placed from the number, with its follow-up due at nextAt", async () => {
    const nextAt = inHours(20);
    const task = await emu.admin.addFollowUp("acme", { number: NUMBER, nextAt });
    expect(task).toMatchObject({
      task_id: expect.stringMatching(/^T\d{8}$/),
      run_id: expect.stringMatching(/^R\d{8}$/),
      assignee: "support-agent",
      status: "pending",
      scheduled_timestamp: nextAt,
      space_id: "spc_acme_support",
      follow_up_count: 1,
      failure_count: 1,
      input: { contact_number: "+16175550100", space_token: "sp-acme-support" },
      output: {
        assistant_number: NUMBER,
        contact_number: "+16175550100",
        call_status: "failed",
        post_call_data: {
          schema_version: 2,
          follow_up: {
            required: true,
            state: "scheduled",
            reason: expect.any(String),
            next_at: nextAt,
            attempt: 1,
            attempts_remaining: 2,
            policy: {
              max_call_attempts: 3,
              max_followup_attempts: 2,
              daily_limit: 3,
              next_call_attempt_number: 2,
            },
          },
        },
      },
    });
  });

  it("is listed by the agent's and the space's task lists, as the answer showed it", async () => {
    const task = await emu.admin.addFollowUp("acme", { number: NUMBER, nextAt: inHours(2) });
    const byAgent = (await tasksOf("/agents/support-agent/tasks/")).find((t) => t.task_id === task.task_id);
    const bySpace = (await tasksOf("/spaces/sp-acme-support/tasks/")).find((t) => t.task_id === task.task_id);
    expect(byAgent).toEqual(task);
    expect(bySpace).toEqual(task);
    const runs = (await call("GET", "/spaces/sp-acme-support/runs/")).json.data;
    expect(runs.map((r: { run_id: string }) => r.run_id)).toContain(task.run_id);
  });

  it("takes the assignee (its space) and the contact number", async () => {
    const task = await emu.admin.addFollowUp("acme", {
      number: OTHER,
      nextAt: inHours(5),
      assignee: "sales-agent",
      contactNumber: "+1 (303) 555-0142",
    });
    expect(task).toMatchObject({
      assignee: "sales-agent",
      input: { contact_number: "+13035550142", space_token: "sp-acme-sales" },
      output: { assistant_number: OTHER, contact_number: "+13035550142" },
    });
    const ids = (list: { task_id: string }[]) => list.map((t) => t.task_id);
    expect(ids(await tasksOf("/agents/sales-agent/tasks/"))).toContain(task.task_id);
    expect(ids(await tasksOf("/agents/support-agent/tasks/"))).not.toContain(task.task_id);
    expect(ids(await tasksOf("/spaces/sp-acme-sales/tasks/"))).toContain(task.task_id);
  });

  it("places the call once nextAt has passed: then completed, the follow-up no longer required", async () => {
    const task = await emu.admin.addFollowUp("acme", { number: NUMBER, nextAt: inHours(-1) });
    expect(task).toMatchObject({
      status: "completed",
      failure_count: 0,
      output: {
        assistant_number: NUMBER,
        call_status: "completed",
        post_call_data: { follow_up: { required: false, state: "not_required", next_at: null, attempt: 2 } },
      },
    });
  });

  it.each([
    [{ nextAt: "2030-01-01T00:00:00Z" }, "number", "is required"],
    [
      { number: "+12125550100", nextAt: "2030-01-01T00:00:00Z" },
      "number",
      "must be a number of the organization",
    ],
    [
      { number: "+19995550100", nextAt: "2030-01-01T00:00:00Z" },
      "number",
      "must be a number of the organization",
    ],
    [{ number: "call me", nextAt: "2030-01-01T00:00:00Z" }, "number", expect.stringContaining("E.164")],
    [{ number: "+14155550100" }, "nextAt", "is required"],
    [{ number: "+14155550100", nextAt: "tomorrow" }, "nextAt", expect.stringContaining("ISO 8601")],
    [
      { number: "+14155550100", nextAt: "2030-01-01T00:00:00Z", contactNumber: "x" },
      "contactNumber",
      expect.stringContaining("E.164"),
    ],
    [
      { number: "+14155550100", nextAt: "2030-01-01T00:00:00Z", assignee: "ops-agent" },
      "assignee",
      "must be an agent of the organization",
    ],
  ])("answers 400 naming the field for %j, creating nothing", async (body, field, rule) => {
    const e = await refusal(emu.admin.addFollowUp("acme", body as never));
    expect(e.status).toBe(400);
    expect(e.body).toMatchObject({ error: { code: "validation_error", fields: { [field]: rule } } });
    expect(await tasksOf("/agents/support-agent/tasks/")).toHaveLength(3);
  });

  it("answers 404 for an unknown organization", async () => {
    const e = await refusal(emu.admin.addFollowUp("nowhere", { number: NUMBER, nextAt: inHours(1) }));
    expect(e.status).toBe(404);
  });
});
