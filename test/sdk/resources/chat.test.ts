import { inspect } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AuthenticationError,
  InferenceClient,
  type InferenceClientOptions,
  InternalServerError,
  InvalidArgumentError,
  NotFoundError,
  VoiceClient,
} from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { closedPort, json, localServer, rejectionOf } from "../../fixtures/http";

const emu = useEmulator();
let chat: InferenceClient;
const inference = (overrides: Partial<InferenceClientOptions> = {}) =>
  new InferenceClient({
    baseUrl: emu.inferenceUrl,
    endpointKey: emu.endpointKey,
    retryBaseDelayMs: 2,
    ...overrides,
  });
beforeAll(() => {
  chat = inference();
});
const say = (content: string) => ({ role: "user", content });

describe("chat.completions.create", () => {
  it("answers a chat.completion from the playbook", async () => {
    const res = await chat.chat.completions.create({ model: emu.playbookModel, messages: [say("I'm Dee")] });
    expect(res).toMatchObject({ object: "chat.completion", model: emu.playbookModel });
    expect(res.choices[0]?.message.content).toBe("Thanks, Dee. When should we call you back?");
    expect(res.usage?.total_tokens).toEqual(expect.any(Number));
  });

  it("keeps a thread per user across requests", async () => {
    const create = (user: string, text: string) =>
      chat.chat.completions.create({ model: emu.playbookModel, user, messages: [say(text)] });
    await create("s-1", "Eve");
    await create("s-2", "Fay");
    const eve = await create("s-1", "at noon");
    expect(eve.choices[0]?.message.content).toBe(
      "All set, Eve: we will call you back at noon. Anything else?",
    );
  });

  it("checks the public: prefix before sending (nothing listens here)", async () => {
    const offline = inference({ baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const e = await rejectionOf(
      offline.chat.completions.create({ model: "callback-assistant", messages: [say("x")] }),
    );
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e).toMatchObject({ field: "model" });
    const empty = await rejectionOf(offline.chat.completions.create({ model: "public:x", messages: [] }));
    expect(empty).toMatchObject({ field: "messages" });
  });

  it("an unknown playbook is a NotFoundError", async () => {
    const e = await rejectionOf(chat.chat.completions.create({ model: "public:nope", messages: [say("x")] }));
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e).toMatchObject({ code: "model_not_found" });
  });
});

describe("credentials", () => {
  it("a wrong key's 401 {error: {message, type, code}} is an AuthenticationError with the message", async () => {
    const bad = inference({ endpointKey: "wrong-key-123" });
    const e = await rejectionOf(
      bad.chat.completions.create({ model: emu.playbookModel, messages: [say("x")] }),
    );
    expect(e).toBeInstanceOf(AuthenticationError);
    expect(e).toMatchObject({
      status: 401,
      code: "invalid_api_key",
      platformMessage: "Incorrect API key provided.",
    });
    expect((e as Error).message).not.toContain("wrong-key-123");
  });

  it("the platform token is refused by the inference host", async () => {
    const e = await rejectionOf(
      inference({ endpointKey: emu.token }).chat.completions.create({
        model: emu.playbookModel,
        messages: [say("x")],
      }),
    );
    expect(e).toBeInstanceOf(AuthenticationError);
  });

  it("the endpoint key is refused by the platform", async () => {
    const voice = new VoiceClient({ baseUrl: emu.url, token: emu.endpointKey, orgHandle: emu.orgHandle });
    const e = await rejectionOf(voice.tasks.list("sp-acme-support"));
    expect(e).toBeInstanceOf(AuthenticationError);
    expect((e as Error).message).not.toContain(emu.endpointKey);
  });

  it("each client refuses the other surface's credential", () => {
    const mixed = () =>
      new InferenceClient({
        baseUrl: emu.inferenceUrl,
        endpointKey: "k-1234",
        token: "t",
      } as InferenceClientOptions);
    expect(mixed).toThrow(InvalidArgumentError);
    expect(mixed).toThrow(/options\.token/);
    const platform = () => new VoiceClient({ baseUrl: emu.url, token: "t-1234", endpointKey: "k" } as never);
    expect(platform).toThrow(/options\.endpointKey/);
    expect(() => new InferenceClient({ baseUrl: emu.inferenceUrl } as never)).toThrow(/options\.endpointKey/);
  });

  it("the key never prints: inspect, JSON and a message that echoes it", async () => {
    const key = "sk-echoed-secret-key";
    const server = await localServer((req, res) =>
      json(res, 401, {
        error: {
          message: `bad key ${req.headers.authorization}`,
          type: "authentication_error",
          code: "invalid_api_key",
        },
      }),
    );
    try {
      const client = new InferenceClient({ baseUrl: server.url, endpointKey: key });
      expect(inspect(client)).not.toContain(key);
      expect(JSON.stringify(client)).not.toContain(key);
      const e = await rejectionOf(
        client.chat.completions.create({ model: "public:x", messages: [say("x")] }),
      );
      expect(e).toBeInstanceOf(AuthenticationError);
      expect(inspect(e)).not.toContain(key);
      expect((e as AuthenticationError).platformMessage).toBe("bad key Bearer [REDACTED]");
    } finally {
      await server.close();
    }
  });

  it("a completion is not replayed after a gateway error", async () => {
    let hits = 0;
    const server = await localServer((_req, res) => {
      hits++;
      json(res, 503, { error: { message: "busy", type: "server_error", code: "overloaded" } });
    });
    try {
      const client = new InferenceClient({ baseUrl: server.url, endpointKey: "k-1234", retryBaseDelayMs: 1 });
      const e = await rejectionOf(
        client.chat.completions.create({ model: "public:x", messages: [say("x")] }),
      );
      expect(e).toBeInstanceOf(InternalServerError);
      expect(hits).toBe(1);
    } finally {
      await server.close();
    }
  });
});
