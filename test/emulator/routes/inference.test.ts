import { request } from "undici";
import { beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, useEmulator } from "../../fixtures/emulator";
import { platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(() => {
  call = platform(emu);
});

/** A raw chat completions call; `auth` is the whole Authorization value (`null` sends none). */
async function chat(body: unknown, auth: string | null = `Bearer ${emu.endpointKey}`) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (auth !== null) headers.authorization = auth;
  const res = await request(`${emu.inferenceUrl}/v1/chat/completions`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: JSON.parse(text) };
}
const say = (content: string) => ({ role: "user", content });
const answer = (res: { json: { choices: { message: { content: string } }[] } }) =>
  res.json.choices[0]?.message.content;

describe("chat completions: the wire format", () => {
  it("answers the OpenAI chat.completion shape, echoing the playbook id", async () => {
    const res = await chat({ model: emu.playbookModel, messages: [say("Hi")] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^chatcmpl-/),
      object: "chat.completion",
      created: expect.any(Number),
      model: emu.playbookModel,
      choices: [
        { index: 0, message: { role: "assistant", content: expect.any(String) }, finish_reason: "stop" },
      ],
      usage: { prompt_tokens: 1, completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
    expect(emu.playbookModel).toMatch(/^public:/);
  });

  it("400 for a bad body or a model without public:, 404 for an unknown playbook", async () => {
    const bad = await chat({ model: emu.playbookModel, messages: [] });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ type: "invalid_request_error", param: "messages" });
    const prefix = await chat({ model: "callback-assistant", messages: [say("Hi")] });
    expect(prefix.json.error).toMatchObject({ code: "invalid_model", param: "model" });
    const unknown = await chat({ model: "public:nope", messages: [say("Hi")] });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe("model_not_found");
    const notJson = await chat("{");
    expect(notJson.status).toBe(400);
    expect(notJson.json.error.type).toBe("invalid_request_error");
  });
});

describe("chat completions: credentials", () => {
  it.each([
    ["no key", null],
    ["a wrong key", "Bearer nope-nope"],
    ["the platform token as a Bearer key", "Bearer emulator-token"],
    ["the platform token with its Token scheme", "Token emulator-token"],
  ])("401 {error: {message, type, code}} for %s", async (_, auth) => {
    const res = await chat({ model: emu.playbookModel, messages: [say("Hi")] }, auth);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      error: { message: expect.any(String), type: "authentication_error", code: "invalid_api_key" },
    });
    expect(res.json.error.message).not.toContain("emulator-token");
  });

  it("the endpoint key is refused on the platform, with either scheme", async () => {
    expect((await call("GET", "/spaces/", { token: emu.endpointKey })).status).toBe(401);
    const bearer = await call("GET", "/spaces/", {
      token: null,
      headers: { authorization: `Bearer ${emu.endpointKey}` },
    });
    expect(bearer.status).toBe(401);
  });

  it("an endpoint key equal to a platform token is refused at start", async () => {
    await expect(startTestEmulator({ token: "same-key", endpointKey: "same-key" })).rejects.toThrow(
      /endpoint key/,
    );
  });
});

describe("chat completions: session rules", () => {
  it("without user every request is independent: the same messages give the same answer", async () => {
    const first = await chat({ model: emu.playbookModel, messages: [say("My name is Ann")] });
    const again = await chat({ model: emu.playbookModel, messages: [say("My name is Ann")] });
    expect(answer(first)).toBe("Thanks, Ann. When should we call you back?");
    expect(answer(again)).toBe(answer(first));
    expect(again.json.id).toBe(first.json.id);
    const alone = await chat({ model: emu.playbookModel, messages: [say("tomorrow at 3pm")] });
    expect(answer(alone)).toBe("Thanks, tomorrow at 3pm. When should we call you back?");
    const whole = await chat({
      model: emu.playbookModel,
      messages: [say("I'm Ann"), { role: "assistant", content: "…" }, say("Call me back tomorrow at 3pm.")],
    });
    expect(answer(whole)).toBe("All set, Ann: we will call you back tomorrow at 3pm. Anything else?");
    expect(await emu.admin.sessions()).toEqual([]);
  });

  it("with the same user the thread keeps its checkpoint and slots across requests", async () => {
    const a = await chat({ model: emu.playbookModel, user: "caller-1", messages: [say("This is Bo")] });
    expect(answer(a)).toBe("Thanks, Bo. When should we call you back?");
    const b = await chat({ model: emu.playbookModel, user: "caller-1", messages: [say("friday morning")] });
    expect(answer(b)).toBe("All set, Bo: we will call you back friday morning. Anything else?");
    expect(await emu.admin.sessions()).toEqual([
      {
        model: emu.playbookModel,
        user: "caller-1",
        checkpoint: "confirmed",
        slots: { name: "Bo", callback_time: "friday morning" },
        turns: 2,
      },
    ]);
  });

  it("different users never share state; reset forgets every session", async () => {
    await chat({ model: emu.playbookModel, user: "u-a", messages: [say("Cy")] });
    const other = await chat({ model: emu.playbookModel, user: "u-b", messages: [say("monday")] });
    expect(answer(other)).toBe("Thanks, monday. When should we call you back?");
    const a = await chat({ model: emu.playbookModel, user: "u-a", messages: [say("monday")] });
    expect(answer(a)).toBe("All set, Cy: we will call you back monday. Anything else?");
    await emu.admin.reset();
    expect(await emu.admin.sessions()).toEqual([]);
  });
});
