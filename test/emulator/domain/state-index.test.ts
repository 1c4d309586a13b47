import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indexOf, StateIndex } from "../../../emulator/domain/state-index";
import { settled } from "../../../emulator/domain/table-removals";
import { buildApp, createContext } from "../../../emulator/server";
import { ACME_PLIVO_SID, ACME_TWILIO_SID } from "../../fixtures/raw-platform";

/** What an index holds, as ids, so a live index and one rebuilt from the arrays compare by value. */
function describeIndex(index: StateIndex) {
  const ids = <T extends { id: number }>(m: Map<unknown, T>) => [...m.entries()].map(([k, r]) => [k, r.id]);
  const groups = <T extends { id: number }>(m: Map<unknown, Map<number, T>>) =>
    [...m.entries()]
      .filter(([, g]) => g.size > 0)
      .map(([k, g]) => [k, [...g.keys()]])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const sortedIds = <T extends { id: number }>(m: Map<unknown, T>) =>
    ids(m).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return {
    bridges: sortedIds(index.bridgeById),
    bridgesByOrganization: groups(index.bridgesByOrganization),
    linksByBridge: groups(index.linksByBridge),
    linkByNumber: sortedIds(index.linkByNumber),
    linksByConfiguration: groups(index.linksByConfiguration),
    numbers: sortedIds(index.numberById),
    numbersByOrganization: groups(index.numbersByOrganization),
    configurations: sortedIds(index.configurationById),
    configurationsByOrganization: groups(index.configurationsByOrganization),
    trunks: sortedIds(index.trunkById),
    trunksByOrganization: groups(index.trunksByOrganization),
  };
}

const SLUGS = ["main", "support", "sales"];
const LINKED_SLUGS = ["main", "support"];
const NUMBERS = ["+14155550100", "+14155550101", "+14155550102", "+442079460001"];
const headers = { authorization: "Token emulator-token", "org-handle": "acme", host: "127.0.0.1" };

/** Two bridges and both accounts' configurations (ids 1 and 2), so that random connects often succeed. */
const SETUP = [
  ...SLUGS.slice(0, 2).map((slug) => ({
    method: "POST",
    url: "/api/v2/platform/telephony/bridges/",
    payload: { name: slug, slug },
  })),
  ...[
    ["twilio", ACME_TWILIO_SID],
    ["plivo", ACME_PLIVO_SID],
  ].map(([provider, account_sid]) => ({
    method: "POST",
    url: "/api/v2/platform/telephony/providers-configurations/",
    payload: { provider, account_sid, auth_token: "t" },
  })),
];

/** One change a user or the dashboard makes; each may be refused, which must change nothing. */
const operation = fc.oneof(
  fc.constantFrom(...SLUGS).map((slug) => ({
    method: "POST",
    url: "/api/v2/platform/telephony/bridges/",
    payload: { name: slug, slug },
  })),
  fc
    .constantFrom(...SLUGS)
    .map((slug) => ({ method: "DELETE", url: `/api/v2/platform/telephony/bridges/${slug}/` })),
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.constantFrom(...LINKED_SLUGS), fc.constantFrom(...NUMBERS))
      .map(([slug, phone_number]) => ({
        method: "POST",
        url: `/api/v2/platform/telephony/bridges/${slug}/connect-provider/`,
        // The seeded US numbers are in configuration 1's account, the UK one in configuration 2's.
        payload: { provider_config_id: phone_number.startsWith("+1") ? 1 : 2, phone_number },
      })),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...LINKED_SLUGS), fc.constantFrom(...NUMBERS))
      .map(([slug, phone_number]) => ({
        method: "POST",
        url: `/api/v2/platform/telephony/bridges/${slug}/disconnect-provider/`,
        payload: { phone_number },
      })),
  },
  fc.constantFrom(ACME_TWILIO_SID, ACME_PLIVO_SID).map((account_sid) => ({
    method: "POST",
    url: "/api/v2/platform/telephony/providers-configurations/",
    payload: { provider: account_sid === ACME_TWILIO_SID ? "twilio" : "plivo", account_sid, auth_token: "t" },
  })),
  fc
    .constantFrom(1, 2, 3, 4)
    .map((id) => ({ method: "DELETE", url: `/api/v2/platform/telephony/providers-configurations/${id}/` })),
  fc.constantFrom("a", "b").map((name) => ({
    method: "POST",
    url: "/api/v2/platform/telephony/trunks/",
    payload: { name, sip_url: "pbx.example.com" },
  })),
  fc
    .constantFrom(1, 2, 3)
    .map((id) => ({ method: "DELETE", url: `/api/v2/platform/telephony/trunks/${id}/` })),
  // The dashboard's changes: deletes that take links with them, a disconnect.
  fc
    .constantFrom(...SLUGS)
    .map((slug) => ({ method: "DELETE", url: `/_emulator/orgs/acme/bridges/${slug}` })),
  fc
    .constantFrom(1, 2, 3, 4)
    .map((id) => ({ method: "DELETE", url: `/_emulator/orgs/acme/provider-configurations/${id}` })),
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...LINKED_SLUGS), fc.constantFrom(...NUMBERS))
      .map(([slug, phone_number]) => ({
        method: "POST",
        url: `/_emulator/orgs/acme/bridges/${slug}/disconnect`,
        payload: { phone_number },
      })),
  },
  fc.constantFrom(1, 2, 3).map((id) => ({ method: "DELETE", url: `/_emulator/orgs/acme/trunks/${id}` })),
);

describe("the emulator's state index", () => {
  it("always equals the index rebuilt from the state's arrays (what a state file loads into)", async () => {
    const succeeded = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 40, size: "large" }),
        async (operations) => {
          const ctx = createContext();
          const app = buildApp(ctx);
          for (const op of [...SETUP, ...operations]) {
            const res = await app.inject({ ...op, method: op.method as "POST", headers } as never);
            if (res.statusCode < 300)
              succeeded.add(`${op.method} ${op.url.replace(/\/(main|support|sales|\d+)(\/|$)/, "/:id$2")}`);
          }
          await app.close();
          // The state's tables as the state file gets them (removals applied), copied.
          const rebuilt = StateIndex.build(structuredClone(settled(ctx.store.state)));
          expect(describeIndex(indexOf(ctx.store.state))).toEqual(describeIndex(rebuilt));
        },
      ),
      { numRuns: 80, seed: 19 },
    );
    // Every kind of change happened at least once, so the property saw links come and go every way.
    expect([...succeeded].sort()).toMatchInlineSnapshot(`
      [
        "DELETE /_emulator/orgs/acme/bridges/:id",
        "DELETE /_emulator/orgs/acme/provider-configurations/:id",
        "DELETE /_emulator/orgs/acme/trunks/:id",
        "DELETE /api/v2/platform/telephony/bridges/:id/",
        "DELETE /api/v2/platform/telephony/providers-configurations/:id/",
        "DELETE /api/v2/platform/telephony/trunks/:id/",
        "POST /_emulator/orgs/acme/bridges/:id/disconnect",
        "POST /api/v2/platform/telephony/bridges/",
        "POST /api/v2/platform/telephony/bridges/:id/connect-provider/",
        "POST /api/v2/platform/telephony/bridges/:id/disconnect-provider/",
        "POST /api/v2/platform/telephony/providers-configurations/",
        "POST /api/v2/platform/telephony/trunks/",
      ]
    `);
  });

  it("answers connects, details and disconnects through the index in a 1,000-number estate", async () => {
    const ctx = createContext();
    const app = buildApp(ctx);
    const numbers = Array.from({ length: 1_000 }, (_, i) => `+1415777${String(i).padStart(4, "0")}`);
    const seed = await app.inject({
      method: "POST",
      url: "/_emulator/seed",
      headers: { host: "127.0.0.1" },
      payload: {
        providerAccounts: [
          { organization: "acme", provider: "twilio", account_sid: ACME_TWILIO_SID, numbers },
        ],
      },
    });
    expect(seed.statusCode).toBe(200);
    const api = (method: "GET" | "POST", url: string, payload?: object) =>
      app.inject({
        method,
        url: `/api/v2/platform/telephony${url}`,
        headers,
        ...(payload ? { payload } : {}),
      });
    const config = await api("POST", "/providers-configurations/", {
      provider: "twilio",
      account_sid: ACME_TWILIO_SID,
      auth_token: "t",
    });
    const configId = config.json().data.id as number;
    for (const slug of ["b0", "b1"]) await api("POST", "/bridges/", { name: slug, slug });
    for (const [i, phone_number] of numbers.entries()) {
      const res = await api("POST", `/bridges/b${i % 2}/connect-provider/`, {
        provider_config_id: configId,
        phone_number,
      });
      expect(res.statusCode).toBe(200);
    }
    const again = await api("POST", "/bridges/b1/connect-provider/", {
      provider_config_id: configId,
      phone_number: numbers[0],
    });
    expect(again.json().error.code).toBe("number_already_linked");
    expect(again.json().error.message).toContain("'b0'");
    const wrong = await api("POST", "/bridges/b1/disconnect-provider/", { phone_number: numbers[0] });
    expect(wrong.json().error.code).toBe("number_not_linked");
    expect(
      (await api("POST", "/bridges/b0/disconnect-provider/", { phone_number: numbers[0] })).statusCode,
    ).toBe(200);
    const detail = (await api("GET", "/bridges/b0/")).json().data;
    expect(detail.numbers).toHaveLength(499);
    expect(detail.numbers[0].number).toBe(numbers[2]);
    expect(detail.provider).toBe("twilio");
    const listed = (await api("GET", "/bridges/")).json();
    expect(listed.data.map((b: { slug: string; numbers: unknown[] }) => [b.slug, b.numbers.length])).toEqual([
      ["b0", 499],
      ["b1", 500],
    ]);
    const ownNumbers = (await api("GET", "/numbers/")).json().data as { id: number; state: string }[];
    expect(ownNumbers.map((n) => n.id)).toEqual([...ownNumbers.map((n) => n.id)].sort((a, b) => a - b));
    expect(ownNumbers.filter((n) => n.state === "ASSIGNED")).toHaveLength(999);
    await app.close();
  });
});
