import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InvalidArgumentError, Page, type PageParams, PagePromise } from "../../../sdk";
import type { ListResult } from "../../../sdk/core/envelope";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { clientFor, rejectionOf } from "../../fixtures/http";

/** A fake list of `total` numbers served the way the platform pages (L1). */
function fakeList(total: number, opts: { reportCount?: boolean } = {}) {
  const calls: PageParams[] = [];
  const all = Array.from({ length: total }, (_, i) => i + 1);
  const fetch = async (p: PageParams): Promise<ListResult<number>> => {
    calls.push(p);
    if (p.page === undefined && p.page_size === undefined)
      return { data: all, count: opts.reportCount === false ? undefined : total };
    const size = p.page_size ?? 20;
    const page = p.page ?? 1;
    const data = all.slice((page - 1) * size, page * size);
    return { data, count: opts.reportCount === false ? undefined : total };
  };
  return { calls, fetch };
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe("Page and PagePromise", () => {
  it("is lazy: nothing is fetched until awaited or iterated", async () => {
    const { calls, fetch } = fakeList(5);
    const p = new PagePromise(fetch, {});
    expect(calls).toHaveLength(0);
    const page = await p;
    expect(page).toBeInstanceOf(Page);
    expect(calls).toHaveLength(1);
    await p; // the first page is fetched once
    expect(calls).toHaveLength(1);
  });

  it("an unpaginated answer has every record and no next page", async () => {
    const { calls, fetch } = fakeList(45);
    const page = await new PagePromise(fetch, {});
    expect(page.data).toHaveLength(45);
    expect(page.count).toBe(45);
    expect(page.hasNextPage()).toBe(false);
    expect(await collect(new PagePromise(fetch, {}))).toHaveLength(45);
    expect(calls).toHaveLength(2);
    await expect(page.getNextPage()).rejects.toThrow(/No next page/);
  });

  it("walks pages using count", async () => {
    const { calls, fetch } = fakeList(7);
    const first = await new PagePromise(fetch, { page_size: 3 });
    expect(first.data).toEqual([1, 2, 3]);
    expect(first.count).toBe(7);
    expect(first.nextPageParams()).toEqual({ page_size: 3, page: 2 });
    const items = await collect(new PagePromise(fetch, { page_size: 3 }));
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(calls.slice(1).map((c) => c.page ?? 1)).toEqual([1, 2, 3]);
    const pages = await collect(first.iterPages());
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 1]);
  });

  it("stops exactly at the end when the total is a multiple of the page size", async () => {
    const { calls, fetch } = fakeList(6);
    expect(await collect(new PagePromise(fetch, { page_size: 3 }))).toHaveLength(6);
    expect(calls).toHaveLength(2);
  });

  it("starts from a later page and uses the default page size of 20 when only page is given", async () => {
    const { fetch } = fakeList(50);
    expect(await collect(new PagePromise(fetch, { page: 2 }))).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 21),
    );
  });

  it("without a count, a short page ends the walk", async () => {
    const { calls, fetch } = fakeList(7, { reportCount: false });
    expect(await collect(new PagePromise(fetch, { page_size: 3 }))).toHaveLength(7);
    expect(calls).toHaveLength(3);
    const unpaged = await new PagePromise(fetch, {});
    expect(unpaged.count).toBe(7);
  });

  it("an empty page ends the walk even if count disagrees", async () => {
    let n = 0;
    const liar = async (): Promise<ListResult<number>> => ({ data: n++ === 0 ? [1, 2] : [], count: 100 });
    expect(await collect(new PagePromise(liar, { page_size: 2 }))).toEqual([1, 2]);
  });

  it("rejections surface through await and for-await", async () => {
    const boom = async (): Promise<ListResult<number>> => {
      throw new Error("boom");
    };
    await expect(new PagePromise(boom, {})).rejects.toThrow("boom");
    await expect(collect(new PagePromise(boom, {}))).rejects.toThrow("boom");
    await expect(new PagePromise(boom, {}).catch((e: unknown) => (e as Error).message)).resolves.toBe("boom");
    expect(Object.prototype.toString.call(new PagePromise(boom, {}))).toBe("[object PagePromise]");
  });
});

describe("pagination against the emulator", () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    await emu.close();
  });
  beforeEach(async () => {
    await emu.admin.reset();
  });

  it("iterates every bridge across pages, in order, one request per page", async () => {
    const client = clientFor(emu);
    for (let i = 1; i <= 7; i++) await client.bridges.create({ name: `B${i}`, slug: `b${i}` });
    await emu.admin.clearRequests();

    const slugs: string[] = [];
    for await (const bridge of client.bridges.list({ page_size: 3 })) slugs.push(bridge.slug);
    expect(slugs).toEqual(["b1", "b2", "b3", "b4", "b5", "b6", "b7"]);
    const log = await emu.admin.requests();
    expect(log.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(
      Array(3).fill("GET /telephony/bridges/ 200"),
    );

    const first = await client.bridges.list({ page: 1, page_size: 3 });
    expect(first.count).toBe(7);
    expect(first.hasNextPage()).toBe(true);
    const third = await (await first.getNextPage()).getNextPage();
    expect(third.data.map((b) => b.slug)).toEqual(["b7"]);
    expect(third.hasNextPage()).toBe(false);

    const all = await client.bridges.list();
    expect(all.data).toHaveLength(7);
    expect(all.hasNextPage()).toBe(false);
  });

  it("a page past the end is empty", async () => {
    const page = await clientFor(emu).providers.list({ page: 9, page_size: 5 });
    expect(page.data).toEqual([]);
    expect(page.count).toBe(5);
    expect(page.hasNextPage()).toBe(false);
  });

  it("bad page params are rejected before sending", async () => {
    const client = clientFor(emu);
    await emu.admin.clearRequests();
    for (const params of [{ page: 0 }, { page_size: 1.5 }, { page: -1 }, { page_size: "10" }]) {
      const err = await rejectionOf(client.bridges.list(params as never));
      expect(err).toBeInstanceOf(InvalidArgumentError);
      expect((err as InvalidArgumentError).field).toMatch(/^params\.page(_size)?$/);
      expect((err as InvalidArgumentError).path).toBe("/telephony/bridges/");
    }
    expect(await emu.admin.requests()).toEqual([]);
  });

  it("a page size above the platform's maximum is the platform's 400", async () => {
    const err = await rejectionOf(clientFor(emu).bridges.list({ page_size: 1000 }));
    expect(err).toMatchObject({ name: "BadRequestError", status: 400 });
  });
});
