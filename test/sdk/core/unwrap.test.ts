import { describe, expect, it } from "vitest";
import { ResponseValidationError, VoiceClient } from "../../../sdk";
import { json, localServer, rejectionOf } from "../../fixtures/http";

describe("response validation", () => {
  async function serving(body: unknown, status = 200, raw?: string) {
    return localServer((_req, res) => {
      if (raw !== undefined) {
        res.writeHead(status, { "content-type": "text/plain" });
        res.end(raw);
      } else json(res, status, body);
    });
  }

  it("names the failing field path", async () => {
    const numbers = [{ id: 1, number: "+14155550100", status: "connected" }];
    const bridge = (id: number) => ({ id, name: `B${id}`, slug: `b${id}`, provider: null, numbers });
    const bad = [bridge(1), bridge(2), bridge(3), { ...bridge(4), numbers: [{ id: "x", number: "+1" }] }];
    const server = await serving({ status_code: 200, message: "ok", data: bad, count: 4 });
    try {
      const err = await rejectionOf(
        new VoiceClient({ baseUrl: server.url, token: "tok-val-1" }).bridges.list(),
      );
      expect(err).toBeInstanceOf(ResponseValidationError);
      expect((err as ResponseValidationError).message).toBe(
        "GET /telephony/bridges/ → 200 response did not match: data[3].numbers[0].id: expected number, received string",
      );
      expect((err as ResponseValidationError).issues[0]?.path).toBe("data[3].numbers[0].id");
    } finally {
      await server.close();
    }
  });

  it("detail view: number_id must be a number", async () => {
    const detail = {
      id: 1,
      name: "B",
      slug: "b",
      provider: "twilio",
      numbers: [
        { id: 1, number_id: "7", number: "+14155550100", state: "ASSIGNED", active: true, channels_count: 2 },
      ],
    };
    const server = await serving({ data: detail });
    try {
      const err = await rejectionOf(
        new VoiceClient({ baseUrl: server.url, token: "tok-val-2" }).bridges.retrieve("b"),
      );
      expect((err as ResponseValidationError).issues.map((i) => i.path)).toEqual([
        "data.numbers[0].number_id",
      ]);
    } finally {
      await server.close();
    }
  });

  it("a body that is not JSON, or empty, or lacks data", async () => {
    for (const [server, expected] of [
      [await serving(undefined, 200, "<html>hi</html>"), "(body): expected a JSON body, got text"],
      [await serving(undefined, 200, ""), "(body): expected a JSON body, got an empty one"],
      [await serving({ status_code: 200, message: "ok" }), "data: expected array, received undefined"],
    ] as const) {
      try {
        const err = await rejectionOf(
          new VoiceClient({ baseUrl: server.url, token: "tok-val-3" }).agents.list(),
        );
        expect(err).toBeInstanceOf(ResponseValidationError);
        expect((err as Error).message).toContain(expected);
      } finally {
        await server.close();
      }
    }
  });

  it("tolerates unknown fields, nulls the decisions allow, a bare array and a missing count", async () => {
    const server = await serving([
      { handle: "a", name: "A", type: "Voice", state: "published", purpose: null, extra: 1 },
    ]);
    try {
      const page = await new VoiceClient({ baseUrl: server.url, token: "tok-val-4" }).agents.list();
      expect(page.data).toEqual([
        { handle: "a", name: "A", type: "Voice", state: "published", purpose: null, extra: 1 },
      ]);
      expect(page.count).toBe(1);
    } finally {
      await server.close();
    }
  });
});
