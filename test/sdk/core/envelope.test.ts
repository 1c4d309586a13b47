import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  envelope,
  envelopeCheckOf,
  envelopeOf,
  errorDetails,
  listEnvelope,
} from "../../../sdk/core/envelope";
import { BridgeDetail } from "../../../sdk/resources/bridges";

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

describe("envelopeOf (compiled)", () => {
  const link = (i: number) => ({
    id: i,
    number_id: 100 + i,
    number: `+1415555010${i}`,
    state: "active",
    active: true,
    channels_count: 0,
    status: null,
  });
  const good = () => ({
    status_code: 200,
    message: "ok",
    data: {
      id: 1,
      name: "Main",
      slug: "main",
      provider: "twilio",
      created_at: null,
      numbers: [0, 1, 2].map(link),
    },
  });
  // Each answer breaks one rule of the detail view (or keeps to them); the compiled envelope must
  // accept and reject exactly what the runtime parser does, with the same issues.
  const variants: Array<[string, (b: ReturnType<typeof good>) => unknown]> = [
    ["as is", (b) => b],
    ["extra keys", (b) => ({ ...b, extra: 1, data: { ...b.data, more: [1] } })],
    ["no data", ({ data: _, ...rest }) => rest],
    ["null data", (b) => ({ ...b, data: null })],
    ["count -1", (b) => ({ ...b, count: -1 })],
    ["count 1.5", (b) => ({ ...b, count: 1.5 })],
    ["status_code text", (b) => ({ ...b, status_code: "200" })],
    ["id 1.5", (b) => ({ ...b, data: { ...b.data, id: 1.5 } })],
    ["id beyond safe integers", (b) => ({ ...b, data: { ...b.data, id: 2 ** 53 } })],
    ["name missing", (b) => ({ ...b, data: { ...b.data, name: undefined } })],
    ["provider null", (b) => ({ ...b, data: { ...b.data, provider: null } })],
    ["provider 7", (b) => ({ ...b, data: { ...b.data, provider: 7 } })],
    ["numbers not an array", (b) => ({ ...b, data: { ...b.data, numbers: {} } })],
    [
      "number_id text",
      (b) => ({ ...b, data: { ...b.data, numbers: [link(0), { ...link(1), number_id: "101" }] } }),
    ],
    ["active missing", (b) => ({ ...b, data: { ...b.data, numbers: [{ ...link(0), active: undefined }] } })],
    ["two faults", (b) => ({ ...b, data: { ...b.data, id: "1", numbers: [{ ...link(0), state: 3 }] } })],
    ["not an object", () => "text"],
    ["an array", () => [good().data]],
  ];

  it.each(variants)("judges an answer with %s as the runtime parser does", (_, vary) => {
    const body = vary(good());
    const runtime = envelope(BridgeDetail).safeParse(structuredClone(body));
    const compiled = envelopeOf(BridgeDetail, false).safeParse(structuredClone(body));
    expect(compiled.success).toBe(runtime.success);
    expect(compiled.data).toEqual(runtime.data);
    expect(compiled.error?.issues).toEqual(runtime.error?.issues);
    // The validator that accepts answers without copying them agrees too.
    expect(envelopeCheckOf(BridgeDetail, false)?.validate(structuredClone(body))).toBe(runtime.success);
  });

  it("judges list answers as the runtime parser does, bare arrays included", () => {
    for (const body of [
      { data: [good().data], count: 1 },
      [good().data],
      { data: [{ id: 1 }] },
      { data: "x" },
    ]) {
      const runtime = listEnvelope(BridgeDetail).safeParse(structuredClone(body));
      const compiled = envelopeOf(BridgeDetail, true).safeParse(structuredClone(body));
      expect(compiled.success).toBe(runtime.success);
      expect(compiled.data).toEqual(runtime.data);
      expect(compiled.error?.issues).toEqual(runtime.error?.issues);
      const wrapped = Array.isArray(body) ? { data: body } : body; // as the transport does
      expect(envelopeCheckOf(BridgeDetail, true)?.validate(structuredClone(wrapped))).toBe(runtime.success);
    }
  });

  it("is built once per schema and shape", () => {
    expect(envelopeOf(BridgeDetail, false)).toBe(envelopeOf(BridgeDetail, false));
    expect(envelopeOf(BridgeDetail, true)).not.toBe(envelopeOf(BridgeDetail, false));
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
