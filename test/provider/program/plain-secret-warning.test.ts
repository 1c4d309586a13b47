import * as pulumi from "@pulumi/pulumi";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { limitFor } from "../../fixtures/limits";

const load = async () =>
  (await import("../../../provider/program/plain-secret-warning.js")).warnIfPlainSecrets;

describe("warnIfPlainSecrets", { timeout: limitFor(0) }, () => {
  beforeEach(() => {
    vi.resetModules();
    pulumi.runtime.setConfig("voice:token", "plain-value-123");
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env.PULUMI_CONFIG_SECRET_KEYS;
  });

  it("warns once, without the value, when voice:token is plain config", async () => {
    const warn = vi.spyOn(pulumi.log, "warn").mockResolvedValue();
    const warnIfPlainSecrets = await load();
    warnIfPlainSecrets();
    warnIfPlainSecrets();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^voice:token is plain stack configuration.*`pulumi config set voice:token <token> --secret` \(or use VOICE_TOKEN\)$/,
    );
    expect(String(warn.mock.calls[0]?.[0])).not.toContain("plain-value-123");
  });

  it("stays quiet when voice:token is a secret", async () => {
    process.env.PULUMI_CONFIG_SECRET_KEYS = JSON.stringify(["voice:token"]);
    const warn = vi.spyOn(pulumi.log, "warn").mockResolvedValue();
    (await load())();
    expect(warn).not.toHaveBeenCalled();
  });
});
