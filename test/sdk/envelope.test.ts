import { describe, expect, it } from "vitest";
import { z } from "zod";
import { envelope, errorDetails, listEnvelope } from "../../sdk/core/envelope";

describe("envelope", () => {
  const Item = z.looseObject({ id: z.number() });

  it("accepts unknown keys and a missing or null count/message/status_code", () => {
    const one = envelope(Item);
    expect(one.parse({ data: { id: 1, extra: true }, extra: 1 }).data).toEqual({ id: 1, extra: true });
    expect(one.parse({ status_code: 200, message: null, data: { id: 1 }, count: null }).data.id).toBe(1);
  });

  it("requires data and reports the path of a bad field", () => {
    const list = listEnvelope(Item);
    expect(list.safeParse({ status_code: 200 }).success).toBe(false);
    const bad = list.safeParse({ data: [{ id: 1 }, { id: "2" }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["data", 1, "id"]);
  });

  it("takes a bare array as a list answer", () => {
    expect(listEnvelope(Item).parse([{ id: 1 }, { id: 2 }])).toMatchObject({ data: [{ id: 1 }, { id: 2 }] });
  });
});

describe("errorDetails", () => {
  it("reads each error shape of the spec", () => {
    expect(errorDetails({ error: { code: "rate_limit_exceeded", message: "slow" } })).toEqual({
      code: "rate_limit_exceeded",
      message: "slow",
      errors: undefined,
    });
    expect(
      errorDetails({ error: { code: "invalid", message: "bad", fields: { slug: "required" } } }).errors,
    ).toEqual({
      slug: "required",
    });
    expect(errorDetails({ status_code: 401, message: "Invalid token" }).message).toBe("Invalid token");
    expect(errorDetails({ message: "m", errors: { pilot: "unknown" } })).toEqual({
      code: undefined,
      message: "m",
      errors: { pilot: "unknown" },
    });
    expect(
      errorDetails({
        error: { message: "Invalid API key", type: "authentication_error", code: "invalid_api_key" },
      }),
    ).toMatchObject({ code: "invalid_api_key", message: "Invalid API key" });
  });

  it("never throws, whatever the body", () => {
    for (const body of [
      undefined,
      null,
      0,
      "",
      "  ",
      [],
      { error: null },
      { error: { fields: "x" } },
      { errors: {} },
    ]) {
      expect(() => errorDetails(body)).not.toThrow();
    }
    expect(errorDetails({ errors: {} }).errors).toBeUndefined();
  });
});
