// Organizations as the SDK reads them, for the export's render-level tests (no platform, no engine).
import fc from "fast-check";
import type { Organization } from "../../../cli/export/organization";
import { hostileOrRegression } from "../../fixtures/hostile-text";

const text = (max: number) =>
  fc
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal "${" the export must keep from interpolation
    .string({ unit: fc.constantFrom(..."aZ9 -_'\"`${}\\/é漢\n\t.:*?"), minLength: 1, maxLength: max })
    .filter((s) => s.trim() !== "");
const slug = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,14}[a-z0-9])?$/);

/** Organizations whose free text (names, accounts, user names, SIP URLs) comes from `text`. */
const organizationOf = (
  text: (max: number) => fc.Arbitrary<string>,
  sipUrl: fc.Arbitrary<string>,
): fc.Arbitrary<Organization> =>
  fc
    .record({
      configurations: fc.uniqueArray(
        fc.record({ provider: fc.constantFrom("twilio", "plivo", "telnyx"), account_sid: text(20) }),
        { maxLength: 5, selector: (c) => `${c.provider} ${c.account_sid}` },
      ),
      bridges: fc.uniqueArray(
        fc.record({ slug, name: text(30), linked: fc.nat({ max: 5 }), provider: fc.nat({ max: 3 }) }),
        { maxLength: 6, selector: (b) => b.slug },
      ),
      trunks: fc.uniqueArray(
        fc.record({
          name: text(30),
          sip_url: sipUrl,
          auth_username: fc.option(text(10), { nil: null }),
          auth_password: fc.option(fc.constant("********"), { nil: null }),
          allowed_ips: fc.constantFrom("", "203.0.113.10", "203.0.113.10,198.51.100.0/24"),
        }),
        { maxLength: 4, selector: (t) => t.name },
      ),
    })
    .map(({ configurations, bridges, trunks }) => {
      let number = 0;
      const providers = ["twilio", "plivo", "telnyx", null];
      return {
        orgHandle: "acme",
        configurations: configurations.map((c, i) => ({ id: i + 1, ...c })),
        bridges: bridges.map((b) => ({
          slug: b.slug,
          name: b.name,
          provider: b.linked === 0 ? null : (providers[b.provider] ?? null),
          numbers: Array.from({ length: b.linked }, () => `+1555000${String(number++).padStart(4, "0")}`),
        })),
        trunks: trunks.map((t, i) => ({
          id: i + 1,
          transport: "tls",
          port: "5061",
          active: true,
          ...t,
        })),
      };
    });

/** Any organization the SDK could read: configurations, bridges with numbers, trunks (names free text). */
export const arbitraryOrganization = organizationOf(text, fc.constant("sip.example.com"));

/** Organizations whose every free-text field holds hostile text (see test/fixtures/hostile-text.ts). */
export const hostileOrganization = organizationOf(
  hostileOrRegression,
  fc.oneof(
    fc.constant("sip.example.com"),
    hostileOrRegression(12).map((s) => `sip:${s}`),
  ),
);
