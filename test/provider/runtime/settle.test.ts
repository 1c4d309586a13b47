import { describe, expect, it, vi } from "vitest";
import { isAmbiguous, settleCreate } from "../../../provider/runtime/settle";
import { BadRequestError, ConnectionError, createApiError, InternalServerError } from "../../../sdk";

const where = { method: "POST" as const, path: "/telephony/bridges/" };
const lost = () =>
  createApiError({ kind: "connection", ...where, sent: true, code: "ECONNRESET", cause: null });
const notSent = () =>
  createApiError({ kind: "connection", ...where, sent: false, code: "ECONNREFUSED", cause: null });
const status = (s: number, code?: string) =>
  createApiError({
    kind: "response",
    ...where,
    status: s,
    headers: {},
    body: { error: { code, message: "x" } },
  });

/** A fake platform holding at most one record under the key; `plan` says what each create does. */
function platform(
  plan: Array<"commit-lost" | "refuse-503" | "commit" | "taken" | "commit-late">,
  initial?: string,
) {
  let record = initial;
  let sent = 0;
  let lookups = 0;
  // A 504 whose create the platform commits only after the lookup that follows it.
  let late = false;
  return {
    get sent() {
      return sent;
    },
    get record() {
      return record;
    },
    get lookups() {
      return lookups;
    },
    create: async () => {
      const step = plan[sent++] ?? "commit";
      if (late) record = "declared";
      late = step === "commit-late";
      if (step === "commit-late") throw status(504);
      if (step === "refuse-503") throw status(503);
      if (record !== undefined || step === "taken") throw status(400, "already_exists");
      record = "declared";
      if (step === "commit-lost") throw lost();
      return record;
    },
    lookup: async () => {
      lookups++;
      return record;
    },
  };
}

const spec = (
  p: ReturnType<typeof platform>,
  over: Partial<Parameters<typeof settleCreate<string>>[0]> = {},
) => ({
  key: 'bridge "b"',
  create: p.create,
  lookup: p.lookup,
  differences: (found: string) => (found === "declared" ? [] : ["name"]),
  takenBefore: () => false,
  taken: async (failure: unknown) => failure,
  attempts: 4,
  baseDelayMs: 1,
  ...over,
});

describe("isAmbiguous", () => {
  it("is true only when the request may have been applied", () => {
    expect(isAmbiguous(lost())).toBe(true);
    expect(isAmbiguous(status(503))).toBe(true);
    expect(isAmbiguous(status(502))).toBe(true);
    expect(isAmbiguous(notSent())).toBe(false);
    expect(isAmbiguous(status(400, "already_exists"))).toBe(false);
    expect(isAmbiguous(status(429))).toBe(false);
    expect(isAmbiguous(new Error("x"))).toBe(false);
    expect(notSent()).toBeInstanceOf(ConnectionError);
    expect(status(503)).toBeInstanceOf(InternalServerError);
  });
});

describe("settleCreate", () => {
  it("answers the record a lost create made, without sending it again", async () => {
    const p = platform(["commit-lost"]);
    await expect(settleCreate(spec(p))).resolves.toBe("declared");
    expect(p.sent).toBe(1);
  });

  it("sends again when the lost create made nothing", async () => {
    const p = platform(["refuse-503", "refuse-503", "commit"]);
    await expect(settleCreate(spec(p))).resolves.toBe("declared");
    expect(p.sent).toBe(3);
  });

  it("gives up after the capped number of attempts with the last failure", async () => {
    const p = platform(["refuse-503", "refuse-503", "refuse-503"]);
    await expect(settleCreate(spec(p, { attempts: 3 }))).rejects.toBeInstanceOf(InternalServerError);
    expect(p.sent).toBe(3);
    expect(p.record).toBeUndefined();
  });

  it("fails naming the fields when the record found differs from what was sent", async () => {
    const p = platform(["commit-lost"]);
    const err = await settleCreate(spec(p, { differences: () => ['name (live "Other")'] })).catch((e) => e);
    expect(err.message).toContain('bridge "b" exists on the platform with other values');
    expect(err.message).toContain('name (live "Other")');
  });

  it("never claims a key that was taken before the create began", async () => {
    const p = platform(["refuse-503"], "theirs");
    const err = await settleCreate(spec(p, { takenBefore: () => true })).catch((e) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect(p.sent).toBe(1);
  });

  it("passes a plain conflict through: no lost request, nothing to settle", async () => {
    const p = platform(["taken"]);
    const err = await settleCreate(spec(p)).catch((e) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect(p.sent).toBe(1);
  });

  it("fails a definite conflict with no lost attempt before it as somebody else's key, naming its holder, without claiming", async () => {
    const p = platform(["taken"], "theirs");
    const taken = vi.fn(async (failure: unknown) => new Error(`held by id 7 (${(failure as Error).name})`));
    const err = await settleCreate(spec(p, { taken })).catch((e) => e);
    expect(err.message).toBe("held by id 7 (BadRequestError)");
    expect(taken).toHaveBeenCalledTimes(1);
    expect(p.sent).toBe(1);
    expect(p.lookups).toBe(0);
    expect(p.record).toBe("theirs");
  });

  it("claims the record a conflict answers when an earlier attempt of this create may have made it", async () => {
    const p = platform(["commit-late"]);
    const taken = vi.fn(async () => new Error("somebody else's"));
    await expect(settleCreate(spec(p, { taken }))).resolves.toBe("declared");
    expect(taken).not.toHaveBeenCalled();
    expect(p.sent).toBe(2);
  });
});
