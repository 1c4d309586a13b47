import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../fixtures/emulator";
import { ACME_TWILIO_SID, platform } from "../fixtures/raw-platform";

const emu = useEmulator({}, { reset: false });
let call: ReturnType<typeof platform>;
beforeAll(async () => {
  call = platform(emu);
});

// Each field mostly gets a valid value (so successes happen), else a near-miss or any JSON value.
const VALUES: Record<string, { valid: unknown[]; invalid: unknown[] }> = {
  name: { valid: ["Main", "  Trunk  "], invalid: ["", "x".repeat(256), "Taken"] },
  slug: { valid: ["main", "fresh-slug"], invalid: ["Bad Slug", "-x", "existing"] },
  provider: { valid: ["twilio", "plivo"], invalid: ["acmetel"] },
  account_sid: { valid: [ACME_TWILIO_SID, "ACfresh"], invalid: ["", "ACtaken"] },
  auth_token: { valid: ["secret-token"], invalid: [""] },
  sip_url: { valid: ["pbx.example.com", "sip:pbx"], invalid: ["not a host"] },
  transport: { valid: ["tcp", "tls"], invalid: ["sctp"] },
  port: { valid: ["5060", "65535"], invalid: ["0", 5060] },
  auth_username: { valid: ["alice", null], invalid: [""] },
  auth_password: { valid: ["pw", null], invalid: [""] },
  source_ips: { valid: [[], ["10.0.0.1"], ["10.0.0.0/8", "::1"]], invalid: [["bad"]] },
  provider_config_id: { valid: [1], invalid: [2, "1"] },
  phone_number: { valid: ["+14155550100", "+1 415 555 0101"], invalid: ["+12125550100", "12"] },
};
const field = (key: string) => {
  const values = VALUES[key] ?? { valid: [null], invalid: [null] };
  return fc.option(
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...values.valid) },
      { weight: 1, arbitrary: fc.constantFrom(...values.invalid) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    ),
    { freq: 10, nil: undefined },
  );
};
const body = (keys: string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, field(k)]))),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));

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
  [
    "PATCH",
    "/telephony/trunks/1/",
    body(["name", "sip_url", "transport", "port", "auth_password", "source_ips"]),
  ],
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
  // records that clash with some generated values, so that refusals after parsing are exercised
  await call("POST", "/telephony/trunks/", { body: { name: "Taken", sip_url: "pbx.example.com" } });
  await call("POST", "/telephony/providers-configurations/", {
    body: { provider: "twilio", account_sid: "ACtaken", auth_token: "t" },
  });
  await call("POST", "/telephony/bridges/existing/connect-provider/", {
    body: { provider_config_id: 1, phone_number: "+14155550100" },
  });
}

describe("arbitrary bodies (property)", () => {
  it.each(ENDPOINTS)(
    "%s %s: never a 5xx; a 400 writes nothing; a success answers the envelope",
    async (method, path, arb) => {
      await prepare();
      const seen = new Set<number>();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) }),
          async (input) => {
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
          },
        ),
        { numRuns: 100 },
      );
      // the generator must reach both sides of the rules for the property to mean anything
      expect(seen).toContain(400);
      expect([...seen].some((status) => status < 300)).toBe(true);
    },
  );
});
