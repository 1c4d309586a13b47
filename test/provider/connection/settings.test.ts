// The provider's settings, declared once: the names users set (stack config keys and environment
// variables) derive from each setting's name, and stay what they have been.
import { describe, expect, it } from "vitest";
import { resolveSettings } from "../../../provider/connection/config";
import {
  configKey,
  envVariable,
  SECRET_SETTINGS,
  SETTING_NAMES,
} from "../../../provider/connection/settings";
import { limitFor } from "../../fixtures/limits";

describe("the provider's settings", { timeout: limitFor(0) }, () => {
  it("keep every stack config key and environment variable users set", () => {
    expect(
      Object.fromEntries(SETTING_NAMES.map((name) => [configKey(name), envVariable(name) ?? null])),
    ).toEqual({
      "voice:baseUrl": "VOICE_BASE_URL",
      "voice:token": "VOICE_TOKEN",
      "voice:orgHandle": "VOICE_ORG_HANDLE",
      "voice:productId": "VOICE_PRODUCT_ID",
      "voice:maxRetries": "VOICE_MAX_RETRIES",
      "voice:retryBaseDelayMs": "VOICE_RETRY_BASE_DELAY_MS",
      "voice:timeoutMs": "VOICE_TIMEOUT_MS",
      "voice:maxConcurrency": "VOICE_MAX_CONCURRENCY",
      "voice:impact": "VOICE_IMPACT",
      "voice:impactWindowDays": "VOICE_IMPACT_WINDOW_DAYS",
      "voice:impactRecentHours": "VOICE_IMPACT_RECENT_HOURS",
      "voice:acknowledgeImpact": null,
    });
    expect(SECRET_SETTINGS).toEqual(["token"]);
  });

  it("read every connection setting from its environment variable", () => {
    const env = {
      VOICE_BASE_URL: "https://api.example.com",
      VOICE_TOKEN: "t",
      VOICE_ORG_HANDLE: "acme",
      VOICE_PRODUCT_ID: "p-1",
      VOICE_MAX_RETRIES: "5",
      VOICE_RETRY_BASE_DELAY_MS: "250",
      VOICE_TIMEOUT_MS: "9000",
      VOICE_MAX_CONCURRENCY: "4",
    };
    expect(resolveSettings(() => undefined, env)).toEqual({
      baseUrl: "https://api.example.com",
      token: "t",
      orgHandle: "acme",
      productId: "p-1",
      maxRetries: 5,
      retryBaseDelayMs: 250,
      timeoutMs: 9000,
      maxConcurrency: 4,
    });
    expect(() => resolveSettings(() => undefined, { ...env, VOICE_MAX_CONCURRENCY: "0" })).toThrow(
      /voice:maxConcurrency Too small: expected number to be >=1: run `pulumi config set voice:maxConcurrency <value>` or set VOICE_MAX_CONCURRENCY/,
    );
  });
});
