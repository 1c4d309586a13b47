// What the dynamic-provider host prints for a failed provider method: `${error}: ${error.stack}`.
import { describe, expect, it } from "vitest";
import { VoiceConfigError } from "../../../provider/connection/config";
import { isExpectedFailure, operationError } from "../../../provider/runtime/errors";
import { createApiError } from "../../../sdk/core/errors";

/** The line @pulumi/pulumi's cmd/dynamic-provider writes to stderr for a failed check, diff, read or delete. */
const hostLine = (error: Error) => `${error}: ${error.stack}`;

describe("operationError", () => {
  it.each([
    ["a configuration error", new VoiceConfigError("voice:orgHandle is not set")],
    [
      "an unreachable platform",
      createApiError({
        kind: "connection",
        method: "GET",
        path: "/organizations/",
        cause: null,
        sent: false,
      }),
    ],
    ["a lookup that found nothing", new Error('no agent with handle "ghost"')],
  ])("prints %s as its message alone, without a stack", (_what, cause) => {
    expect(isExpectedFailure(cause)).toBe(true);
    const error = operationError("ProviderConfiguration", "check", cause);
    expect(error.message).toBe(`voice:ProviderConfiguration check failed: ${cause.message}`);
    expect(hostLine(error)).toBe(error.message);
  });

  it("keeps the stack of a bug", () => {
    const cause = new TypeError("x is undefined");
    expect(isExpectedFailure(cause)).toBe(false);
    const error = operationError("Bridge", "read", cause);
    expect(error.message).toBe("voice:Bridge read failed: x is undefined");
    expect(hostLine(error)).toMatch(/\n\s+at /);
  });

  it("keeps what the host reads off a create error", () => {
    const cause = Object.assign(new Error("half made"), { id: "7", properties: { a: 1 }, reasons: ["r"] });
    expect(operationError("SipTrunk", "create", cause)).toMatchObject({
      id: "7",
      properties: { a: 1 },
      reasons: ["r"],
    });
  });
});
