import { describe, expect, it } from "vitest";
import { stackEnv } from "../../../cli/fleet/run-stack";
import { REQUEST_LOG_ENV } from "../../../provider/connection/request-log";

describe("a fleet stack's engine environment", () => {
  it("gives the program and the plugin Node's compile cache beside the request log", () => {
    const env = stackEnv({ requestLog: "/logs/s1.requests" }, { NODE_COMPILE_CACHE: "/cache" });
    expect(env).toEqual({ [REQUEST_LOG_ENV]: "/logs/s1.requests", NODE_COMPILE_CACHE: "/cache" });
  });
});
