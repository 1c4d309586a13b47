import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../../../fixtures/emulator";
import { platform } from "../../../fixtures/raw-platform";

let dir: string;
let file: string;
const running: TestEmulator[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "voice-emulator-calls-"));
  file = join(dir, "state.json");
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
  rmSync(dir, { recursive: true, force: true });
});
async function start(): Promise<TestEmulator> {
  const emu = await startTestEmulator({ stateFile: file, callDurationMs: 600_000 });
  running.push(emu);
  return emu;
}

describe("calls in the state file", () => {
  it("a created task, its run and its status survive a restart", async () => {
    const first = await start();
    const created = await platform(first)("POST", "/spaces/sp-acme-support/tasks/create/", {
      body: { pilot: "support-agent", documents: [{ contact_number: "+14155550180" }] },
    });
    const [taskId] = created.json.data.task_ids;
    await first.admin.completeTask(taskId, "failed");
    await first.close();

    const second = await start();
    const tasks = await platform(second)(
      "GET",
      `/spaces/sp-acme-support/runs/${created.json.data.run_id}/tasks/`,
    );
    expect(tasks.json.data[0]).toMatchObject({ task_id: taskId, status: "failed" });
  });

  it("a state file written before tasks, runs and CDRs existed loads with none", async () => {
    const first = await start();
    await first.close();
    running.splice(0);
    const old = JSON.parse(readFileSync(file, "utf8"));
    delete old.tasks;
    delete old.runs;
    delete old.cdrs;
    writeFileSync(file, JSON.stringify(old));

    const second = await start();
    const call = platform(second);
    expect((await call("GET", "/spaces/sp-acme-support/tasks/")).json.count).toBe(0);
    expect((await call("GET", "/cdr/")).json.count).toBe(0);
    const created = await call("POST", "/spaces/sp-acme-support/tasks/create/", {
      body: { pilot: "support-agent", documents: [{ contact_number: "+14155550181" }] },
    });
    expect(created.status).toBe(200);
  });
});
