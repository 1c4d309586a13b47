import { describe, expect, it } from "vitest";
import { ResponseValidationError, Task, taskShape, VoiceClient } from "../../../sdk";
import { json, localServer, rejectionOf } from "../../fixtures/http";

const base = { _id: "a1", task_id: "T1", status: "in_progress" };

describe("Task (both shapes in one model)", () => {
  it("keeps unknown fields, in the task and in its output", () => {
    const t = Task.parse({ ...base, surprise: { x: 1 }, output: { call_type: "outbound", novel: true } });
    expect(t).toMatchObject({
      shape: "legacy",
      surprise: { x: 1 },
      output: { call_type: "outbound", novel: true },
    });
  });

  it("reads an in-progress call's partial output, and a null output as {}", () => {
    const partial = Task.parse({
      ...base,
      space_id: "s",
      output: { call_type: "outbound", call_status: "connected", call_end_reason: "" },
    });
    expect(partial.shape).toBe("current");
    expect(partial.output).toEqual({ call_type: "outbound", call_status: "connected", call_end_reason: "" });
    expect(Task.parse({ ...base, output: null }).output).toEqual({});
    expect(Task.parse(base).output).toEqual({});
  });

  it("says current for v2 post-call data even without current-only fields", () => {
    expect(taskShape({ output: { post_call_data: { schema_version: 2 } } })).toBe("current");
    expect(taskShape({ output: { post_call_data: { summary: "s" } } })).toBe("legacy");
    expect(taskShape({ collection_ref: "c" })).toBe("current");
  });

  it("a v2 group of the wrong type is an error, never read as legacy data", () => {
    const r = Task.safeParse({
      ...base,
      output: { post_call_data: { schema_version: 2, follow_up: { attempt: "x" } } },
    });
    expect(r.success).toBe(false);
  });

  it("a list with a malformed task is a ResponseValidationError naming the field", async () => {
    const server = await localServer((_req, res) =>
      json(res, 200, { count: 1, status_code: 200, message: "ok", data: [{ ...base, task_id: 7 }] }),
    );
    try {
      const client = new VoiceClient({ baseUrl: server.url, token: "tok-1234", maxRetries: 0 });
      const e = await rejectionOf(client.tasks.list("sp"));
      expect(e).toBeInstanceOf(ResponseValidationError);
      expect((e as ResponseValidationError).issues[0]?.path).toBe("data[0].task_id");
    } finally {
      await server.close();
    }
  });
});
