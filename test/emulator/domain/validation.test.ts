import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(async () => {
  call = platform(emu);
});

describe("request bodies (E9, E10, E14)", () => {
  it.each([
    ["malformed JSON", '{"name": ', "application/json"],
    ["a JSON array", "[1,2]", "application/json"],
    ["JSON null", "null", "application/json"],
    ["a JSON string", '"hello"', "application/json"],
    ["an empty body", "", "application/json"],
    ["form data", "name=a&slug=b", "application/x-www-form-urlencoded"],
    ["text", '{"name":"A","slug":"a"}', "text/plain"],
  ])("%s is 400 invalid_request and writes nothing", async (_label, body, type) => {
    const res = await call("POST", "/telephony/bridges/", { body, headers: { "content-type": type } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: { code: "invalid_request", message: expect.any(String) } });
    expect((await emu.admin.state()).bridges).toEqual([]);
  });

  it("a POST without any body is 400 invalid_request", async () => {
    const res = await call("POST", "/telephony/trunks/");
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_request");
  });

  it("accepts a charset parameter and +json types", async () => {
    const a = await call("POST", "/telephony/bridges/", {
      body: { name: "A", slug: "a" },
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(a.status).toBe(201);
    const b = await call("POST", "/telephony/bridges/", {
      body: { name: "B", slug: "b" },
      headers: { "content-type": "application/vnd.api+json" },
    });
    expect(b.status).toBe(201);
  });

  it("ignores unknown fields (E10)", async () => {
    const res = await call("POST", "/telephony/bridges/", {
      body: { name: "A", slug: "a", colour: "red", id: 99 },
    });
    expect(res.status).toBe(201);
    expect(res.json.data.id).toBe(1);
    expect(res.text).not.toContain("colour");
  });

  it("a body over 1 MiB is 413 payload_too_large", async () => {
    const res = await call("POST", "/telephony/bridges/", {
      body: { name: "x".repeat(1_100_000), slug: "a" },
    });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe("payload_too_large");
  });

  it("reports every invalid field at once (E3), and writes nothing", async () => {
    const res = await call("POST", "/telephony/trunks/", {
      body: { name: 1, sip_url: "", transport: "x", port: "99999", source_ips: ["a"] },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({
      name: expect.any(String),
      sip_url: expect.any(String),
      transport: expect.any(String),
      port: expect.any(String),
      "source_ips.0": expect.any(String),
    });
    const state = await emu.admin.state();
    expect(state.trunks).toEqual([]);
    expect(state.nextIds.trunks).toBe(1);
  });

  it("a PATCH with one bad field changes none of the good ones", async () => {
    const created = await call("POST", "/telephony/trunks/", {
      body: { name: "T", sip_url: "pbx.example.com" },
    });
    const id = created.json.data.id;
    const res = await call("PATCH", `/telephony/trunks/${id}/`, { body: { name: "Changed", port: "0" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.error.fields)).toEqual(["port"]);
    expect((await call("GET", `/telephony/trunks/${id}/`)).json.data.name).toBe("T");
  });
});

describe("pagination (L1, L2, L3)", () => {
  beforeEach(async () => {
    for (let i = 1; i <= 25; i++) {
      await call("POST", "/telephony/bridges/", { body: { name: `B${i}`, slug: `b${i}` } });
    }
  });

  it("answers all records when neither page nor page_size is given", async () => {
    const res = await call("GET", "/telephony/bridges/");
    expect(res.json.count).toBe(25);
    expect(res.json.data).toHaveLength(25);
  });

  it("pages with defaults page=1, page_size=20 as soon as either is given; count stays the total", async () => {
    const first = await call("GET", "/telephony/bridges/?page=1");
    expect(first.json.count).toBe(25);
    expect(first.json.data.map((b: { slug: string }) => b.slug)).toEqual(
      Array.from({ length: 20 }, (_, i) => `b${i + 1}`),
    );
    const second = await call("GET", "/telephony/bridges/?page=2");
    expect(second.json.data.map((b: { slug: string }) => b.slug)).toEqual([
      "b21",
      "b22",
      "b23",
      "b24",
      "b25",
    ]);
    const sized = await call("GET", "/telephony/bridges/?page_size=10");
    expect(sized.json.data).toHaveLength(10);
    const third = await call("GET", "/telephony/bridges/?page=3&page_size=10");
    expect(third.json.data.map((b: { slug: string }) => b.slug)).toEqual(["b21", "b22", "b23", "b24", "b25"]);
  });

  it("a page past the end is empty", async () => {
    const res = await call("GET", "/telephony/bridges/?page=9&page_size=10");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ count: 25, data: [] });
  });

  it.each([
    ["page=0", ["page"]],
    ["page=-1", ["page"]],
    ["page=1.5", ["page"]],
    ["page=x", ["page"]],
    ["page_size=0", ["page_size"]],
    ["page_size=101", ["page_size"]],
    ["page=0&page_size=500", ["page", "page_size"]],
  ])("?%s is 400 naming %j", async (query, fields) => {
    const res = await call("GET", `/telephony/bridges/?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(Object.keys(res.json.error.fields).sort()).toEqual(fields);
  });

  it("page_size=100 is the largest accepted", async () => {
    expect((await call("GET", "/telephony/bridges/?page_size=100")).json.data).toHaveLength(25);
  });

  it("paginates the read-only lists too", async () => {
    const numbers = await call("GET", "/telephony/numbers/?page=2&page_size=5");
    expect(numbers.json.count).toBe(20);
    expect(numbers.json.data.map((n: { id: number }) => n.id)).toEqual([6, 7, 8, 9, 10]);
    const orgs = await call("GET", "/organizations/?page_size=1&page=2");
    expect(orgs.json).toMatchObject({ count: 2, data: [{ domain_handle: "globex" }] });
    const overview = await call("GET", "/telephony/overview/?page_size=2");
    expect(overview.json.count).toBe(15);
    expect(overview.json.data).toHaveLength(2);
  });
});
