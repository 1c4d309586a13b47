// The call lookups (runs, tasks, call records, analytics) against the emulator, and the documentation's example.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import * as voice from "../../../../provider";
import { VoiceClient } from "../../../../sdk";
import { useEmulator } from "../../../fixtures/emulator";
import { voiceConfig } from "../../../fixtures/provider";

// Calls last ten minutes: a test ends them through the admin surface when it wants them ended.
const emu = useEmulator({ callDurationMs: 600_000 });
let client: VoiceClient;
beforeAll(async () => {
  // The data sources read the stack configuration of the program process.
  pulumi.runtime.setAllConfig(voiceConfig(emu), ["voice:token"]);
  client = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle });
});

const resolve = <T>(output: pulumi.Output<T>) => new Promise<T>((ok) => output.apply(ok));

/** Calls two contacts from the support space; answers the run and its task ids. */
const callTwo = () =>
  client.tasks.create("sp-acme-support", {
    pilot: "support-agent",
    documents: [
      { name: "Ada", contact_number: "+14155550131" },
      { name: "Bob", contact_number: "+14155550132" },
    ],
  });

describe("runs and tasks", () => {
  it("lists the runs of a space, oldest first, and the tasks of the seeded run in the legacy shape", async () => {
    const created = await callTwo();
    const runs = await voice.getRuns({ spaceToken: "sp-acme-support" });
    expect(runs.map((r) => [r.runId, r.status])).toEqual([
      ["Rseed0001", "completed"],
      [created.run_id, "pending"],
    ]);
    expect(runs[0]).toMatchObject({ collectionRef: "col_Rseed0001", runMode: "dev" });
    expect(await voice.getRuns({ spaceToken: "sp-acme-sales" })).toEqual([]);

    const seeded = await voice.getTasks({ spaceToken: "sp-acme-support", runId: "Rseed0001" });
    expect(seeded.map((t) => [t.taskId, t.shape, t.status, t.contactName])).toEqual([
      ["Tseed0001", "legacy", "completed", "Ada Lovelace"],
      ["Tseed0002", "legacy", "completed", "Alan Turing"],
      ["Tseed0003", "legacy", "failed", "Grace Hopper"],
    ]);
    const first = seeded[0]?.output;
    expect(first?.outcome).toEqual(expect.any(String));
    expect(first?.transcript.length).toBeGreaterThan(0);
    expect(first?.transcript[0]).toEqual({ role: expect.any(String), content: expect.any(String) });
  });

  it("follows a run's calls from pending to their outcome, in the current shape", async () => {
    const created = await callTwo();
    const args = { spaceToken: "sp-acme-support", runId: created.run_id };
    const pending = await voice.getTasks(args);
    expect(pending.map((t) => [t.taskId, t.shape, t.status])).toEqual(
      created.task_ids.map((id) => [id, "current", "pending"]),
    );
    expect(pending[0]).toMatchObject({
      runId: created.run_id,
      assignee: "support-agent",
      contactName: "Ada",
    });
    expect(pending[0]?.output).toMatchObject({
      callId: null,
      callStatus: null,
      outcome: null,
      transcript: [],
    });

    const [ok, ko] = created.task_ids;
    await emu.admin.advanceTask(String(ok));
    expect((await voice.getTasks(args))[0]).toMatchObject({
      status: "in_progress",
      output: { callStatus: "connected", callEndReason: "", callId: null },
    });
    await emu.admin.completeTask(String(ok));
    await emu.admin.completeTask(String(ko), "failed");
    const ended = await voice.getTasks(args);
    expect(ended.map((t) => t.status)).toEqual(["completed", "failed"]);
    expect(ended[0]?.output).toMatchObject({
      callId: expect.any(String),
      contactNumber: "+14155550131",
      callEndReason: "CUSTOMER_HANGUP",
      outcome: "callback_requested",
      sentiment: "positive",
      recordingUrl: expect.any(String),
    });
    expect(ended[0]?.output.transcript).toHaveLength(5);
    expect(ended[1]).toMatchObject({
      failureCount: 1,
      output: { callEndReason: "NO_ANSWER", transcript: [] },
    });
    expect((await voice.getRuns({ spaceToken: "sp-acme-support" })).at(-1)?.status).toBe("completed");
  });

  it("names an unknown space or a run that is not in the space, never answering undefined", async () => {
    await expect(voice.getRuns({ spaceToken: "sp-nope" })).rejects.toThrow(
      /getRuns lookup failed: GET \/spaces\/sp-nope\/runs\/ .*404/,
    );
    await expect(voice.getTasks({ spaceToken: "sp-nope", runId: "Rseed0001" })).rejects.toThrow(
      /getTasks lookup failed: GET \/spaces\/sp-nope\/runs\/Rseed0001\/tasks\/ .*404/,
    );
    await expect(voice.getTasks({ spaceToken: "sp-acme-sales", runId: "Rseed0001" })).rejects.toThrow(
      /getTasks lookup failed: GET \/spaces\/sp-acme-sales\/runs\/Rseed0001\/tasks\/ .*206/,
    );
    await expect(voice.getTasks({ spaceToken: "sp-acme-support", runId: "Rnope" })).rejects.toThrow(
      /getTasks lookup failed: .*Rnope.*206/,
    );
    await expect(voice.getRuns({} as voice.GetRunsArgs)).rejects.toThrow(/getRuns: spaceToken is required/);
    await expect(voice.getTasks({ spaceToken: "sp-acme-support" } as voice.GetTasksArgs)).rejects.toThrow(
      /getTasks: runId is required/,
    );
  });

  it("offers runs and tasks as Outputs that wait for their inputs", async () => {
    const runId = pulumi.output("Rseed0001");
    const runs = await resolve(voice.getRunsOutput({ spaceToken: pulumi.output("sp-acme-support") }));
    expect(runs.map((r) => r.runId)).toEqual(["Rseed0001"]);
    // Tasks of a run by status, as a stack output would report them.
    const byStatus = await resolve(
      voice
        .getTasksOutput({ spaceToken: "sp-acme-support", runId })
        .apply((tasks) => tasks.map((t) => `${t.contactName}: ${t.status}`)),
    );
    expect(byStatus).toEqual(["Ada Lovelace: completed", "Alan Turing: completed", "Grace Hopper: failed"]);
  });
});

describe("call records", () => {
  it("lists the organization's SIP calls, filtered by type and status", async () => {
    const all = await voice.getCallRecords();
    expect(all.map((c) => [c.id, c.callType, c.callStatus, c.bridge?.name ?? null])).toEqual([
      [1, "inbound", "completed", "Main line"],
      [2, "outbound", "completed", "Main line"],
      [3, "outbound", "notConnected", null],
      [4, "inbound", "failed", null],
      [5, "inbound", "notConnected", "Main line"],
    ]);
    expect(all[0]).toMatchObject({
      sourceNumber: "+14155550123",
      destinationNumber: "+14155550100",
      callDuration: 63.4,
      endReason: "call.completed.caller_hangup",
      failureSource: null,
      sipCause: null,
      startTime: "2024-01-03T10:00:00.000Z",
    });
    expect((await voice.getCallRecords({ callType: "inbound" })).map((c) => c.id)).toEqual([1, 4, 5]);
    expect((await voice.getCallRecords({ callStatus: "notConnected" })).map((c) => c.id)).toEqual([3, 5]);
    expect(await voice.getCallRecords({ callType: "outbound", callStatus: "failed" })).toEqual([]);
  });

  it("reads every page, filters carried across", async () => {
    for (let i = 0; i < 205; i++) {
      await emu.admin.addCdr("acme", {
        source_number: "+14155550100",
        destination_number: `+1415555${String(1000 + i)}`,
        call_type: "outbound",
        call_status: i % 2 === 0 ? "completed" : "failed",
        creation_time: "2024-02-01T00:00:00.000Z",
        start_time: "2024-02-01T00:00:01.000Z",
        end_time: "2024-02-01T00:00:11.000Z",
        call_duration: 10,
        end_reason: "call.completed",
      });
    }
    await emu.admin.clearRequests();
    const records = await voice.getCallRecords();
    expect(records).toHaveLength(210);
    expect(new Set(records.map((c) => c.id)).size).toBe(210);
    const failed = await voice.getCallRecords({ callType: "outbound", callStatus: "failed" });
    expect(failed).toHaveLength(102);
    // 210 records in pages of 100, then 102 in two.
    const pages = (await emu.admin.requests()).filter((r) => r.path === "/cdr/");
    expect(pages).toHaveLength(5);
  });

  it("refuses a filter the platform does not know, naming it", async () => {
    const bad = { callType: "sideways" } as unknown as voice.GetCallRecordsArgs;
    await expect(voice.getCallRecords(bad)).rejects.toThrow(/getCallRecords lookup failed: .*call_type/);
  });
});

describe("analytics", () => {
  it("aggregates the organization's voice-agent calls, or one space's", async () => {
    expect(await voice.getAnalytics()).toEqual({
      totalTasks: 3,
      totalCalls: 3,
      completedCalls: 2,
      failedCalls: 1,
      avgDurationSeconds: expect.any(Number),
      taskStatusBreakdown: { pending: 0, running: 0, completed: 2, failed: 1 },
    });
    const created = await callTwo();
    await emu.admin.completeTask(String(created.task_ids[0]));
    const now = await voice.getAnalytics({ spaceToken: "sp-acme-support" });
    expect(now).toMatchObject({
      totalTasks: 5,
      totalCalls: 4,
      completedCalls: 3,
      taskStatusBreakdown: { pending: 1, completed: 3 },
    });
    expect((await resolve(voice.getAnalyticsOutput({ spaceToken: "sp-acme-sales" }))).totalTasks).toBe(0);
  });

  it("names an unknown space", async () => {
    await expect(voice.getAnalytics({ spaceToken: "sp-nope" })).rejects.toThrow(
      /getAnalytics lookup failed: no space with token "sp-nope" \(GET \/organisation\/analytics\/ .*404/,
    );
  });
});

describe("the example of the data sources' documentation", () => {
  it("exports the calls and how each ended", async () => {
    const readme = readFileSync(join(__dirname, "..", "..", "..", "..", "docs", "resources.md"), "utf8");
    const shown =
      /```ts\nimport \* as voice from "pulumi-voice-platform";\n\n(export const calls = [\s\S]*?)```/.exec(
        readme,
      )?.[1];
    expect(shown, "docs/resources.md shows the calls example").toBeDefined();
    // The example is plain JavaScript apart from its `export`: run it as written.
    const program = new Function("voice", `${String(shown).replace("export const calls =", "return")}`);
    const calls = await resolve(program(voice) as pulumi.Output<unknown>);
    expect(calls).toHaveLength(5);
    expect((calls as unknown[])[0]).toEqual({
      from: "+14155550123",
      to: "+14155550100",
      bridge: "Main line",
      outcome: "completed",
      endReason: "call.completed.caller_hangup",
    });
    expect((calls as { outcome: string }[]).map((c) => c.outcome)).toEqual([
      "completed",
      "completed",
      "notConnected",
      "failed",
      "notConnected",
    ]);
  });
});
