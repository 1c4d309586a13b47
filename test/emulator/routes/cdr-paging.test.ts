// A page of `GET /cdr/` must cost what it answers, not the size of the table: generated traffic
// puts hundreds of thousands of records there. Counted, not timed: once the state's lists exist,
// a page request must not read a single element of the CDR table.
import { describe, expect, it } from "vitest";
import { addTraffic } from "../../../emulator/domain/calls/traffic";
import type { CallDetailRecord } from "../../../emulator/domain/state";
import { buildApp, createContext } from "../../../emulator/server";

describe("GET /cdr/ pages", () => {
  it("are slices of the organization's list: no table element is read, however deep the page", async () => {
    const ctx = createContext();
    const app = buildApp(ctx);
    const state = ctx.store.state;
    addTraffic(state, "acme", { seed: 1, days: 14, calls: 100_000, now: "2025-06-01T12:00:00.000Z" });
    let reads = 0;
    state.cdrs = new Proxy(state.cdrs, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    }) as CallDetailRecord[];
    const get = async (query: string) => {
      const res = await app.inject({
        method: "GET",
        url: `/api/v2/platform/cdr/?${query}`,
        headers: { authorization: "Token emulator-token", "org-handle": "acme", host: "127.0.0.1" },
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const deep = await get("page=999&page_size=100");
    expect(deep.count).toBe(100_005);
    expect(deep.data.map((c: { id: number }) => c.id)).toEqual(
      Array.from({ length: 100 }, (_, i) => 99_802 + i),
    );
    const filtered = await get("call_type=outbound&call_status=completed&page=50&page_size=100");
    expect(filtered.data).toHaveLength(100);
    expect(
      filtered.data.every(
        (c: CallDetailRecord) => c.call_type === "outbound" && c.call_status === "completed",
      ),
    ).toBe(true);
    expect(reads).toBe(0);
    await app.close();
  });
});
