import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../fixtures/emulator";
import { ACME_TWILIO_SID, platform } from "./http";

let emu: TestEmulator;
let call: ReturnType<typeof platform>;
beforeAll(async () => {
  emu = await startTestEmulator();
  call = platform(emu);
});
afterAll(() => emu.close());

// Values near the valid ones make the generator reach both sides of each rule.
const value = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    "twilio",
    "plivo",
    ACME_TWILIO_SID,
    "main",
    "Main",
    "+14155550100",
    "+1 415 555 0101",
    "pbx.example.com",
    "sip:pbx",
    "tcp",
    "tls",
    "5060",
    "0",
    1,
    2,
    null,
    ["10.0.0.1"],
    ["10.0.0.0/8", "::1"],
    ["bad"],
  ),
);
const body = (keys: string[]) =>
  fc.tuple(
    fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
  ).map(([known, extra]) => ({ ...extra, ...known }));

const ENDPOINTS: [string, string, fc.Arbitrary<unknown>][] = [
  ["POST", "/telephony/bridges/", body(["name", "slug"])],
  ["PATCH", "/telephony/bridges/existing/", body(["name", "slug"])],
  ["POST", "/telephony/providers-configurations/", body(["provider", "account_sid", "auth_token"])],
  ["PATCH", "/telephony/providers-configurations/1/", body(["account_sid", "auth_token", "provider"])],
  [
    "POST",
    "/telephony/trunks/",
    body(["name", "sip_url", "transport", "port", "auth_username", "auth_password", "source_ips"]),
  ],
  ["PATCH", "/telephony/trunks/1/", body(["name", "sip_url", "transport", "port", "auth_password", "source_ips"])],
  ["POST", "/telephony/bridges/existing/connect-provider/", body(["provider_config_id", "phone_number"])],
  ["POST", "/telephony/bridges/existing/disconnect-provider/", body(["phone_number"])],
];

async function prepare(): Promise<void> {
  await emu.admin.reset();
  await call("POST", "/telephony/bridges/", { body: { name: "Existing", slug: "existing" } });
  await call("POST", "/telephony/providers-configurations/", {
    body: { provider: "twilio", account_sid: ACME_TWILIO_SID, auth_token: "t" },
  });
  await call("POST", "/telephony/trunks/", { body: { name: "T", sip_url: "pbx.example.com" } });
}

describe("arbitrary bodies (property)", () => {
  it.each(ENDPOINTS)("%s %s: never a 5xx; a 400 writes nothing; a success answers the envelope", async (method, path, arb) => {
    await prepare();
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(arb, fc.string({ maxLength: 30 })), async (input) => {
        const before = JSON.stringify(await emu.admin.state());
        const res = await call(method, path, { body: input });
        expect(res.status).toBeLessThan(500);
        seen.add(res.status);
        expect([200, 201, 400]).toContain(res.status);
        const after = JSON.stringify(await emu.admin.state());
        if (res.status === 400) {
          expect(after).toBe(before);
          expect(typeof res.json.error.code).toBe("string");
        } else {
          expect(res.json.status_code).toBe(res.status);
          expect(res.text).not.toContain("auth_token");
          // successes may have changed the state; put it back for the next run
          await prepare();
        }
      }),
      { numRuns: 60 },
    );
    console.log(method, path, [...seen]);
  });
});
