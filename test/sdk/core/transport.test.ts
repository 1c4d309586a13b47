import { inspect } from "node:util";
import { Agent, buildConnector } from "undici";
import { describe, expect, it } from "vitest";
import {
  AbortError,
  AuthenticationError,
  BadRequestError,
  BusinessLogicError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  VoiceClient,
} from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import {
  clientFor,
  closedPort,
  eventually,
  json,
  localServer,
  recordingLogger,
  rejectionOf,
} from "../../fixtures/http";

const emu = useEmulator();

const attempts = async (method: string, path: string) =>
  (await emu.admin.requests()).filter((r) => r.method === method && r.path === path);

describe("error classes from the emulator", () => {
  it("401 AuthenticationError, without the token anywhere", async () => {
    const client = clientFor(emu, { token: "wrong-token-123" });
    const err = await rejectionOf(client.bridges.list());
    expect(err).toBeInstanceOf(AuthenticationError);
    const e = err as AuthenticationError;
    expect(e).toMatchObject({ status: 401, method: "GET", path: "/telephony/bridges/" });
    expect(e.platformMessage).toBeTruthy();
    expect(e.message).toMatch(/^GET \/telephony\/bridges\/ → 401/);
    expect(inspect(e)).not.toContain("wrong-token-123");
    expect(JSON.stringify(e)).not.toContain("wrong-token-123");
    expect(await attempts("GET", "/telephony/bridges/")).toHaveLength(1); // 401 is not retried
  });

  it("403 PermissionDeniedError for an organization the token may not use", async () => {
    const err = await rejectionOf(clientFor(emu).bridges.list({}, { orgHandle: "initech" }));
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err).toMatchObject({ status: 403, code: "forbidden" });
  });

  it("404 NotFoundError", async () => {
    const err = await rejectionOf(clientFor(emu).bridges.retrieve("missing"));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ status: 404, code: "not_found", path: "/telephony/bridges/missing/" });
  });

  it("400 BadRequestError with code and field errors", async () => {
    const client = clientFor(emu);
    await client.bridges.create({ name: "Main", slug: "main" });
    const dup = await rejectionOf(client.bridges.create({ name: "Again", slug: "main" }));
    expect(dup).toBeInstanceOf(BadRequestError);
    expect(dup).toMatchObject({
      status: 400,
      code: "already_exists",
      method: "POST",
      path: "/telephony/bridges/",
    });
    expect((dup as BadRequestError).message).toMatch(/^POST \/telephony\/bridges\/ → 400 already_exists: /);
    const bad = await rejectionOf(
      client.providerConfigurations.create({
        provider: "nope",
        account_sid: "AC1",
        auth_token: "tok-secret-9",
      }),
    );
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as BadRequestError).errors).toHaveProperty("provider");
  });

  it("206 BusinessLogicError from the overview without an organization", async () => {
    const client = new VoiceClient({ baseUrl: emu.url, token: emu.token, productId: emu.productId });
    const err = await rejectionOf(client.overview.list());
    expect(err).toBeInstanceOf(BusinessLogicError);
    expect(err).toMatchObject({ status: 206 });
    expect((err as BusinessLogicError).platformMessage).toBeTruthy();
  });

  it("409 ConflictError (the emulator never answers one: a local server does)", async () => {
    const server = await localServer((_req, res) =>
      json(res, 409, { error: { code: "conflict", message: "busy" } }),
    );
    try {
      const err = await rejectionOf(
        new VoiceClient({ baseUrl: server.url, token: "tok-409-1" }).bridges.delete("x"),
      );
      expect(err).toBeInstanceOf(ConflictError);
      expect((err as ConflictError).message).toBe("DELETE /telephony/bridges/x/ → 409 conflict: busy");
    } finally {
      await server.close();
    }
  });

  it("5xx InternalServerError", async () => {
    await emu.admin.addFault({ kind: "status", status: 500, match: { path: "/agents/" } });
    const err = await rejectionOf(clientFor(emu).agents.list());
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err).toMatchObject({ status: 500, code: "injected_fault" });
    expect(await attempts("GET", "/agents/")).toHaveLength(1); // 500 is not retried
  });
});

describe("retries (C1)", () => {
  it("GET is retried on 502/503/504 and succeeds", async () => {
    await emu.admin.addFault({
      kind: "status",
      status: 503,
      times: 2,
      match: { method: "GET", path: "/agents/" },
    });
    const logger = recordingLogger();
    const page = await clientFor(emu, { logger }).agents.list();
    expect(page.data).toHaveLength(3);
    expect((await attempts("GET", "/agents/")).map((r) => r.status)).toEqual([503, 503, 200]);
    expect(logger.calls.filter((c) => c.level === "warn")).toHaveLength(2);
  });

  it("gives up after maxRetries, and a per-call maxRetries overrides it", async () => {
    await emu.admin.addFault({ kind: "status", status: 504, times: 0, match: { path: "/agents/" } });
    const client = clientFor(emu, { maxRetries: 2 });
    expect(await rejectionOf(client.agents.list())).toBeInstanceOf(InternalServerError);
    expect(await attempts("GET", "/agents/")).toHaveLength(3);
    await emu.admin.clearRequests();
    expect(await rejectionOf(client.agents.list({}, { maxRetries: 0 }))).toBeInstanceOf(InternalServerError);
    expect(await attempts("GET", "/agents/")).toHaveLength(1);
  });

  it("PATCH and DELETE are retried on 502/503/504", async () => {
    const client = clientFor(emu);
    await client.bridges.create({ name: "Main", slug: "main" });
    await emu.admin.addFault({ kind: "status", status: 502, match: { method: "PATCH" } });
    await emu.admin.addFault({ kind: "status", status: 503, match: { method: "DELETE" } });
    expect((await client.bridges.update("main", { name: "Renamed" })).name).toBe("Renamed");
    await client.bridges.delete("main");
    expect((await attempts("PATCH", "/telephony/bridges/main/")).map((r) => r.status)).toEqual([502, 200]);
    expect((await attempts("DELETE", "/telephony/bridges/main/")).map((r) => r.status)).toEqual([503, 204]);
  });

  it("POST is not retried on 502/503/504", async () => {
    await emu.admin.addFault({ kind: "status", status: 503, match: { method: "POST" } });
    const err = await rejectionOf(clientFor(emu).bridges.create({ name: "Main", slug: "main" }));
    expect(err).toBeInstanceOf(InternalServerError);
    expect(await attempts("POST", "/telephony/bridges/")).toHaveLength(1);
  });

  it("429 is retried for every method, after Retry-After", async () => {
    await emu.admin.addFault({ kind: "rate-limit", retryAfter: 1, match: { method: "POST" } });
    const started = Date.now();
    const bridge = await clientFor(emu).bridges.create({ name: "Main", slug: "main" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(bridge.slug).toBe("main");
    expect((await attempts("POST", "/telephony/bridges/")).map((r) => r.status)).toEqual([429, 201]);
  });

  it("Retry-After is capped by maxRetryAfterMs", { timeout: 10_000 }, async () => {
    await emu.admin.addFault({ kind: "rate-limit", retryAfter: 60, match: { path: "/agents/" } });
    const page = await clientFor(emu, { maxRetryAfterMs: 50 }).agents.list();
    expect(page.data).toHaveLength(3);
  });

  it("429s do not use up maxRetries: they have a budget of their own (C1)", async () => {
    await emu.admin.addFault({ kind: "rate-limit", retryAfter: 0, times: 2, match: { path: "/agents/" } });
    const page = await clientFor(emu, { maxRetries: 0 }).agents.list();
    expect(page.data).toHaveLength(3);
    expect((await attempts("GET", "/agents/")).map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it("429 after the last rate-limit retry is a RateLimitError with retryAfterMs", async () => {
    await emu.admin.addFault({ kind: "rate-limit", retryAfter: 0, times: 0, match: { path: "/agents/" } });
    // maxRetries is not what ends it: 429s have their own budget.
    const err = await rejectionOf(clientFor(emu, { maxRetries: 0, maxRateLimitRetries: 2 }).agents.list());
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfterMs).toBe(0);
    expect((err as RateLimitError).code).toBe("rate_limit_exceeded");
    expect(await attempts("GET", "/agents/")).toHaveLength(3);
  });
});

describe("connection failures", () => {
  it("GET is retried after the server drops the connection (reset-before)", async () => {
    await emu.admin.addFault({ kind: "reset-before", match: { path: "/agents/" } });
    expect((await clientFor(emu).agents.list()).data).toHaveLength(3);
    expect((await attempts("GET", "/agents/")).map((r) => r.status)).toEqual([0, 200]);
  });

  it("POST is not retried after reset-after, and the write committed exactly once", async () => {
    await emu.admin.addFault({ kind: "reset-after", match: { method: "POST", path: "/telephony/bridges/" } });
    const client = clientFor(emu);
    const err = await rejectionOf(client.bridges.create({ name: "Main", slug: "main" }));
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).sent).toBe(true);
    expect(await attempts("POST", "/telephony/bridges/")).toHaveLength(1);
    expect((await client.bridges.list()).data.map((b) => b.slug)).toEqual(["main"]);
  });

  it("POST is not retried after reset-before either: on an open connection the client cannot tell the two apart", async () => {
    await emu.admin.addFault({
      kind: "reset-before",
      match: { method: "POST", path: "/telephony/bridges/" },
    });
    const client = clientFor(emu);
    const err = await rejectionOf(client.bridges.create({ name: "Main", slug: "main" }));
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).sent).toBe(true);
    expect(await attempts("POST", "/telephony/bridges/")).toHaveLength(1);
    expect((await client.bridges.list()).data).toEqual([]); // nothing was written
  });

  it("POST is retried when the connection failed before the request was sent", async () => {
    const connect = buildConnector({});
    let refused = 0;
    const dispatcher = new Agent({
      connect: (opts, cb) => {
        if (refused++ === 0) {
          cb(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }), null);
          return;
        }
        connect(opts, cb);
      },
    });
    try {
      const bridge = await clientFor(emu, { dispatcher }).bridges.create({ name: "Main", slug: "main" });
      expect(bridge.slug).toBe("main");
      expect(refused).toBe(2);
      expect(await attempts("POST", "/telephony/bridges/")).toHaveLength(1);
    } finally {
      await dispatcher.close();
    }
  });

  it("a closed port is a ConnectionError that was not sent, after retries", async () => {
    const port = await closedPort();
    const logger = recordingLogger();
    const client = new VoiceClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: "tok-closed-1",
      retryBaseDelayMs: 1,
      maxRetries: 2,
      logger,
    });
    const err = await rejectionOf(client.spaces.list());
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).toMatchObject({ sent: false, status: undefined, method: "GET", path: "/spaces/" });
    expect((err as ConnectionError).message).toContain("ECONNREFUSED");
    expect(logger.calls.filter((c) => c.level === "warn")).toHaveLength(2);
  });
});

describe("timeouts and aborts", () => {
  it("no answer within timeoutMs is a TimeoutError", async () => {
    await emu.admin.addFault({ kind: "latency", ms: 400, match: { path: "/agents/" } });
    const err = await rejectionOf(clientFor(emu).agents.list({}, { timeoutMs: 50, maxRetries: 0 }));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).message).toBe("GET /agents/ → no answer within 50 ms");
  });

  it("a GET that timed out is retried; a POST is not", async () => {
    // The emulator drops a request whose client left during its latency from the log, so the
    // attempts are counted from the client's own retry warnings.
    const logger = recordingLogger();
    // The retry must answer within timeoutMs however loaded the machine, or it warns twice.
    const client = clientFor(emu, { timeoutMs: 1_000, logger });
    await emu.admin.addFault({ kind: "latency", ms: 5_000, match: { method: "GET", path: "/agents/" } });
    expect((await client.agents.list()).data).toHaveLength(3);
    expect(logger.calls.filter((c) => c.level === "warn").map((c) => c.msg)).toEqual([
      expect.stringMatching(/^retrying GET \/agents\/ in \d+ ms after TimeoutError$/),
    ]);
    logger.calls.length = 0;
    await emu.admin.addFault({ kind: "latency", ms: 5_000, match: { method: "POST" } });
    expect(await rejectionOf(client.bridges.create({ name: "Slow", slug: "slow" }))).toBeInstanceOf(
      TimeoutError,
    );
    expect(logger.calls.filter((c) => c.level === "warn")).toEqual([]);
  });

  it("the caller's signal aborts an attempt in flight", async () => {
    await emu.admin.addFault({ kind: "latency", ms: 500, match: { path: "/agents/" } });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    const err = await rejectionOf(clientFor(emu).agents.list({}, { signal: ac.signal }));
    expect(err).toBeInstanceOf(AbortError);
    expect(err).toMatchObject({ method: "GET", path: "/agents/" });
  });

  it("an already aborted signal sends nothing", async () => {
    const err = await rejectionOf(clientFor(emu).agents.list({}, { signal: AbortSignal.abort() }));
    expect(err).toBeInstanceOf(AbortError);
    expect(await emu.admin.requests()).toEqual([]);
  });

  it("an abort during the backoff wait stops the retries", async () => {
    // A 429 with Retry-After 5 s makes the wait deterministic; a token of its own keeps the
    // client's pacing state for that 429 away from the other tests.
    await emu.admin.seed({ tokens: [{ token: "tok-backoff-1", organizations: ["acme"] }] });
    await emu.admin.addFault({ kind: "rate-limit", retryAfter: 5, match: { path: "/agents/" } });
    const ac = new AbortController();
    const client = clientFor(emu, { token: "tok-backoff-1", maxRetryAfterMs: 10_000 });
    const pending = rejectionOf(client.agents.list({}, { signal: ac.signal }));
    await eventually(async () => (await attempts("GET", "/agents/")).length === 1);
    ac.abort();
    expect(await pending).toBeInstanceOf(AbortError);
    await new Promise((r) => setTimeout(r, 50));
    expect(await attempts("GET", "/agents/")).toHaveLength(1);
  });
});

describe("redaction", () => {
  it("no token, auth token or SIP password in errors, inspect or logs", async () => {
    const token = emu.token;
    const logger = recordingLogger();
    const client = clientFor(emu, { logger });
    expect(inspect(client)).not.toContain(token);
    expect(inspect(client, { showHidden: true, depth: 10 })).not.toContain(token);
    expect(inspect(client.bridges, { showHidden: true, depth: 10 })).not.toContain(token);
    expect(JSON.stringify(client)).not.toContain(token);
    expect(inspect(client)).toContain("acme");

    await emu.admin.addFault({ kind: "status", status: 500, times: 0, match: { method: "POST" } });
    const cfgErr = await rejectionOf(
      client.providerConfigurations.create({
        provider: "twilio",
        account_sid: "AC1",
        auth_token: "auth-tok-SECRET",
      }),
    );
    const trunkErr = await rejectionOf(
      client.trunks.create({
        name: "t",
        sip_url: "sip.example.com",
        auth_username: "u",
        auth_password: "sip-pass-SECRET",
      }),
    );
    await emu.admin.clearFaults();
    const badArg = await rejectionOf(
      client.trunks.create({ name: "t", sip_url: "x", auth_password: "sip-pass-SECRET", port: 0 }),
    );
    expect(badArg).toBeInstanceOf(InvalidArgumentError);
    for (const err of [cfgErr, trunkErr, badArg]) {
      const text = `${(err as Error).message} ${inspect(err, { showHidden: true, depth: 10 })} ${JSON.stringify(err)}`;
      for (const secret of [token, "auth-tok-SECRET", "sip-pass-SECRET"]) expect(text).not.toContain(secret);
    }
    expect(logger.calls.length).toBeGreaterThan(0);
    for (const secret of [token, "auth-tok-SECRET", "sip-pass-SECRET"])
      expect(logger.text()).not.toContain(secret);
  });

  it("secrets a server echoes into an error are scrubbed", async () => {
    const server = await localServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () =>
        json(res, 400, {
          error: { code: "invalid", message: `bad request ${body} with ${req.headers.authorization}` },
        }),
      );
    });
    try {
      const client = new VoiceClient({ baseUrl: server.url, token: "tok-echo-SECRET" });
      const err = await rejectionOf(
        client.providerConfigurations.create({
          provider: "twilio",
          account_sid: "AC1",
          auth_token: "auth-echo-SECRET",
        }),
      );
      expect(err).toBeInstanceOf(BadRequestError);
      const text = `${(err as Error).message} ${inspect(err)}`;
      expect(text).toContain("[REDACTED]");
      expect(text).not.toContain("tok-echo-SECRET");
      expect(text).not.toContain("auth-echo-SECRET");
    } finally {
      await server.close();
    }
  });

  it("a throwing logger does not break requests", async () => {
    const logger = {
      debug: () => {
        throw new Error("logger down");
      },
      warn: () => {
        throw new Error("logger down");
      },
    };
    expect((await clientFor(emu, { logger }).agents.list()).data).toHaveLength(3);
  });
});
