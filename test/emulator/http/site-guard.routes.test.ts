// Every route of the emulator's route table, attacked the ways a web page can reach a local
// server: a cross-site state change, and a foreign Host (DNS rebinding). Each refusal must
// change nothing: state, faults, request log, sessions, rate limit and the state file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import {
  createFixture,
  type Encoding,
  emulatorRoutes,
  isPlatform,
  isStateChanging,
  send,
  snapshot,
} from "../../fixtures/guarded-routes";

const dir = mkdtempSync(join(tmpdir(), "voice-site-guard-"));
const stateFile = join(dir, "state.json");
const emu = useEmulator({ stateFile, callDurationMs: 600_000 });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const routes = emulatorRoutes();
const changing = routes.filter((r) => isStateChanging(r) && !isPlatform(r));
const label = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

const EVIL = "http://evil.example";
const crossSite = { origin: EVIL, "sec-fetch-site": "cross-site" };

/** What a page on another site can send: each header alone, and the bodies a browser sends without asking. */
const CROSS_SITE: [string, Record<string, string>, Encoding][] = [
  ["a foreign Origin", { origin: EVIL }, "natural"],
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }, "natural"],
  ["a cross-site form body", crossSite, "form"],
  ["a cross-site text/plain body", crossSite, "text"],
];

describe("the routes under test", () => {
  it("come from the emulator's route table and cover the admin surface and the dashboard", () => {
    const urls = changing.map(label);
    expect(urls).toContain("POST /_emulator/reset");
    expect(urls).toContain("POST /dashboard/orgs/:handle/trunks/:key/delete");
    expect(changing.length).toBeGreaterThanOrEqual(20);
    expect(routes.filter(isPlatform).length).toBeGreaterThanOrEqual(30);
  });
});

describe("a cross-site state change", () => {
  it.each(changing.map((r) => [label(r), r] as const))(
    "%s is refused and changes nothing",
    async (_, route) => {
      const fixture = await createFixture(emu);
      const before = await snapshot(emu, stateFile);
      for (const [attack, headers, encoding] of CROSS_SITE) {
        const res = await send(emu, route, fixture, headers, encoding);
        expect({ attack, status: res.status }).toEqual({ attack, status: 403 });
        expect(res.text).toContain("another site");
        expect(await snapshot(emu, stateFile)).toEqual(before);
      }
    },
  );

  it.each(changing.map((r) => [label(r), r] as const))(
    "%s is served without Origin, and from the emulator's own origin",
    async (_, route) => {
      const port = new URL(emu.url).port;
      const own: [string, Record<string, string>][] = [
        ["no Origin, no Sec-Fetch-Site (curl, the SDK)", {}],
        ["the page's own origin", { origin: emu.url, "sec-fetch-site": "same-origin" }],
        [
          "localhost's own origin",
          { host: `localhost:${port}`, origin: `http://localhost:${port}`, "sec-fetch-site": "same-origin" },
        ],
      ];
      for (const [who, headers] of own) {
        const fixture = await createFixture(emu);
        const before = await snapshot(emu, stateFile);
        const res = await send(emu, route, fixture, headers);
        expect({ who, status: res.status, text: res.text }).toMatchObject({
          who,
          status: expect.toSatisfy((s: number) => s >= 200 && s < 400),
        });
        // Served means done: every one of these routes changes something.
        expect(await snapshot(emu, stateFile)).not.toEqual(before);
      }
    },
  );
});

describe("a foreign Host (DNS rebinding: the attacker's name, resolving to loopback)", () => {
  it.each(routes.map((r) => [label(r), r] as const))(
    "%s is refused and changes nothing",
    async (_, route) => {
      const fixture = await createFixture(emu);
      const before = await snapshot(emu, stateFile);
      const port = new URL(emu.url).port;
      // The page's own origin is then evil.example:PORT, so Origin and Sec-Fetch-Site look same-origin.
      const rebound = {
        host: `evil.example:${port}`,
        origin: `${EVIL}:${port}`,
        "sec-fetch-site": "same-origin",
      };
      const res = await send(emu, route, fixture, rebound);
      expect(res.status).toBe(421);
      expect(res.text).toContain("evil.example");
      expect(await snapshot(emu, stateFile)).toEqual(before);
    },
  );
});
