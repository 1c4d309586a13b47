import { describe, expect, it } from "vitest";
import { z } from "zod";
import { outputIsInput } from "../../../sdk/core/answer-check";
import { envelope, listEnvelope } from "../../../sdk/core/envelope";
import { E164, IdLike } from "../../../sdk/core/validate";
import { Bridge, BridgeDetail } from "../../../sdk/resources/bridges";
import { SipTrunk } from "../../../sdk/resources/trunks";

describe("outputIsInput", () => {
  it.each([
    ["the detail view", BridgeDetail],
    ["the list view", Bridge],
    ["the envelope of a record", envelope(BridgeDetail)],
    ["the envelope of a list", envelope(z.array(Bridge))],
    ["a strict object", z.strictObject({ a: z.int().min(1), b: z.union([z.literal("x"), z.null()]) })],
  ])("holds for %s", (_, schema) => {
    expect(outputIsInput(schema)).toBe(true);
  });

  it.each([
    ["an object that strips unknown keys", z.object({ a: z.string() })],
    ["a trimmed string", z.looseObject({ a: z.string().trim() })],
    ["a default", z.looseObject({ a: z.string().default("x") })],
    ["a transform", z.looseObject({ a: z.string().transform((s) => s) })],
    ["a catch", z.looseObject({ a: z.number().catch(0) })],
    ["a refinement (user code)", z.looseObject({ a: z.number().refine((n) => n > 0) })],
    ["a phone number (normalised)", z.looseObject({ a: E164 })],
    ["an id given as text (converted)", z.looseObject({ a: IdLike })],
    ["a list envelope taking a bare array", listEnvelope(Bridge)],
    ["a record", z.record(z.string(), z.string())],
    ["a SIP trunk (port and allowed_ips normalised)", SipTrunk],
  ])("does not hold for %s", (_, schema) => {
    expect(outputIsInput(schema)).toBe(false);
  });

  it("a schema reused in two places is judged in both", () => {
    const id = z.number().int();
    expect(outputIsInput(z.looseObject({ a: id, b: z.array(id) }))).toBe(true);
  });
});
