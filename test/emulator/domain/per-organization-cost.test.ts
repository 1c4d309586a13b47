// What one organization's requests cost must not grow with the number of organizations the
// platform holds. Counted, not timed: every record of the state is wrapped so that reading any of
// its fields counts, and every table so that reading an element counts; then the same requests of
// org-001 run in a fleet of 1 and in a fleet of 100, every organization busy with its own
// configuration, bridges, links and trunk. A request that scanned a table, or the records of other
// organizations, would read more at 100.
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { fleetOrganizations } from "../../../emulator";
import type { EmulatorState } from "../../../emulator/domain/state";
import { buildApp, createContext } from "../../../emulator/server";

const NUMBERS = 20;
const LINKED = 10;
const counts = { fields: 0, elements: 0 };

/** A record whose every field read counts. */
function countingRecord<T extends object>(record: T): T {
  return new Proxy(record, {
    get(target, key, receiver) {
      counts.fields++;
      return Reflect.get(target, key, receiver);
    },
  });
}

/** A table whose every element read counts (length and methods do not). */
function countingTable<T extends object>(table: T[]): T[] {
  return new Proxy(table.map(countingRecord), {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) counts.elements++;
      return Reflect.get(target, key, receiver);
    },
  });
}

const TABLES = [
  "organizations",
  "tokens",
  "spaces",
  "agents",
  "providers",
  "accounts",
  "numbers",
  "configurations",
  "bridges",
  "links",
  "trunks",
  "tasks",
  "runs",
  "cdrs",
] as const;

/** The same state with every table and record counting (a new state object: the index is built afresh from it). */
function counting(state: EmulatorState): EmulatorState {
  const next = { ...state } as Record<string, unknown>;
  for (const table of TABLES) next[table] = countingTable(state[table] as object[]);
  return next as EmulatorState;
}

type Request = { method: "GET" | "POST" | "PATCH" | "DELETE"; url: string; org: string; payload?: object };

async function send(app: FastifyInstance, r: Request): Promise<{ status: number; body: any }> {
  const res = await app.inject({
    method: r.method,
    url: `/api/v2/platform${r.url}`,
    headers: { authorization: "Token emulator-token", "org-handle": r.org, host: "127.0.0.1" },
    ...(r.payload === undefined ? {} : { payload: r.payload }),
  });
  return { status: res.statusCode, body: res.body === "" ? undefined : res.json() };
}

/** A fleet of `size`, every organization with a configuration, two bridges of five links each and a trunk. */
async function busyFleet(size: number) {
  const ctx = createContext({ organizations: size, numbersPerOrganization: NUMBERS });
  const app = buildApp(ctx);
  const fleet = fleetOrganizations({ organizations: size, numbersPerOrganization: NUMBERS });
  for (const org of fleet) {
    const cfg = await send(app, {
      method: "POST",
      url: "/telephony/providers-configurations/",
      org: org.handle,
      payload: { provider: org.provider, account_sid: org.accountSid, auth_token: "t" },
    });
    for (const slug of ["a", "b"]) {
      await send(app, {
        method: "POST",
        url: "/telephony/bridges/",
        org: org.handle,
        payload: { name: slug, slug },
      });
    }
    for (const [i, phone_number] of org.numbers.slice(0, LINKED).entries()) {
      const linked = await send(app, {
        method: "POST",
        url: `/telephony/bridges/${i % 2 ? "b" : "a"}/connect-provider/`,
        org: org.handle,
        payload: { provider_config_id: cfg.body.data.id, phone_number },
      });
      expect(linked.status).toBe(200);
    }
    await send(app, {
      method: "POST",
      url: "/telephony/trunks/",
      org: org.handle,
      payload: { name: "edge", sip_url: "pbx.example.com" },
    });
  }
  ctx.store.replace(counting(ctx.store.state));
  return { app, org: fleet[0] ?? (undefined as never) };
}

/** One organization's day: reads, a bridge made, linked, unlinked and deleted, a trunk made, changed and deleted. */
async function day(app: FastifyInstance, org: ReturnType<typeof fleetOrganizations>[number]) {
  const h = org.handle;
  const spare = org.numbers[LINKED] ?? "";
  const configurations = await send(app, {
    method: "GET",
    url: "/telephony/providers-configurations/",
    org: h,
  });
  const cfg = configurations.body.data[0].id as number;
  const steps: Request[] = [
    { method: "GET", url: "/telephony/numbers/", org: h },
    { method: "GET", url: "/telephony/overview/", org: h },
    { method: "GET", url: "/spaces/", org: h },
    { method: "GET", url: "/spaces/sp-org-001-support/", org: h },
    { method: "GET", url: "/agents/", org: h },
    { method: "GET", url: `/telephony/providers-configurations/${cfg}/`, org: h },
    { method: "GET", url: "/telephony/bridges/", org: h },
    { method: "GET", url: "/telephony/bridges/a/", org: h },
    { method: "POST", url: "/telephony/bridges/", org: h, payload: { name: "Probe", slug: "probe" } },
    {
      method: "POST",
      url: "/telephony/bridges/probe/connect-provider/",
      org: h,
      payload: { provider_config_id: cfg, phone_number: spare },
    },
    {
      method: "POST",
      url: "/telephony/bridges/a/disconnect-provider/",
      org: h,
      payload: { phone_number: org.numbers[0] },
    },
    {
      method: "POST",
      url: "/telephony/bridges/a/connect-provider/",
      org: h,
      payload: { provider_config_id: cfg, phone_number: org.numbers[0] },
    },
    {
      method: "POST",
      url: "/telephony/bridges/probe/disconnect-provider/",
      org: h,
      payload: { phone_number: spare },
    },
    { method: "DELETE", url: "/telephony/bridges/probe/", org: h },
    { method: "GET", url: "/telephony/trunks/", org: h },
    {
      method: "POST",
      url: "/telephony/trunks/",
      org: h,
      payload: { name: "probe", sip_url: "probe.example.com" },
    },
    { method: "GET", url: "/telephony/bridges/", org: "initech" }, // an organization the token may not use: 403
    { method: "GET", url: "/telephony/bridges/", org: "nowhere" }, // one that does not exist: 404
  ];
  const measured: { step: string; status: number; fields: number; elements: number }[] = [];
  for (const step of steps) {
    counts.fields = 0;
    counts.elements = 0;
    const res = await send(app, step);
    measured.push({ step: `${step.method} ${step.url} (${step.org})`, status: res.status, ...counts });
    if (step.method === "POST" && step.url === "/telephony/trunks/") {
      for (const follow of [
        { method: "PATCH", url: `/telephony/trunks/${res.body.data.id}/`, org: h, payload: { port: "5070" } },
        { method: "DELETE", url: `/telephony/trunks/${res.body.data.id}/`, org: h },
      ] as Request[]) {
        counts.fields = 0;
        counts.elements = 0;
        const answer = await send(app, follow);
        measured.push({ step: `${follow.method} /telephony/trunks/{id}/`, status: answer.status, ...counts });
      }
    }
  }
  return measured;
}

describe("one organization's requests", () => {
  it("read the same records and table elements in a fleet of 1 and a fleet of 100", {
    timeout: 120_000,
  }, async () => {
    const results = [];
    for (const size of [1, 100]) {
      const { app, org } = await busyFleet(size);
      await day(app, org); // builds the index from the counting state, warms every path
      results.push(await day(app, org));
      await app.close();
    }
    const [one, hundred] = results;
    // Every request did what it should, at both sizes.
    expect(one?.map((m) => m.status)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 201, 200, 200, 200, 200, 204, 200, 201, 200, 204, 403, 404,
    ]);
    // With 100 busy organizations no request reads a table element by element: they go through the index.
    expect(hundred?.filter((m) => m.elements > 0)).toEqual([]);
    // In the fleet of one, removals rebuild its small tables once half of a table is removed (one pass,
    // O(1) a removal on average); nothing else reads a table there either.
    expect(one?.filter((m) => m.elements > 0).every((m) => /^DELETE|disconnect/.test(m.step))).toBe(true);
    // And each request reads exactly as many record fields with 100 busy organizations as with one.
    const fields = (ms: typeof one) => ms?.map(({ step, status, fields }) => ({ step, status, fields }));
    expect(fields(hundred)).toEqual(fields(one));
    // The counting is live: a request that returns records reads their fields.
    expect(one?.find((m) => m.step.startsWith("GET /telephony/overview/"))?.fields).toBeGreaterThan(NUMBERS);
  });
});
