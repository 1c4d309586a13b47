// The emulator against a real headless Chromium visiting a hostile page: the page's forms and
// no-cors fetches reach the emulator and are refused, and a name of the page's own that
// resolves to loopback (DNS rebinding, by Chromium's resolver rules) gets nothing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_TIMEOUT_MS, chromiumPath } from "../../fixtures/chromium";
import { useEmulator } from "../../fixtures/emulator";
import { limitFor, OPERATION_MS } from "../../fixtures/limits";
import { platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let browser: Browser;
let attacker: Server;
let pages: Record<string, string> = {};
let attackerPort = 0;

beforeAll(async () => {
  const executablePath = await chromiumPath();
  // evil.example resolves to this machine, as the attacker's DNS would make it after a rebind.
  const args = [...CHROMIUM_ARGS, "--host-resolver-rules=MAP evil.example 127.0.0.1"];
  browser = await chromium.launch({ executablePath, args, timeout: OPERATION_MS });
  attacker = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html" }).end(pages[req.url ?? ""] ?? "");
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
}, CHROMIUM_INSTALL_TIMEOUT_MS + limitFor(1));
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
});

/** A page that posts a form to `action` as soon as it loads. */
function autoPost(action: string, enctype: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input name="${name}" value="${value}">`)
    .join("");
  return `<form method="POST" action="${action}" enctype="${enctype}">${inputs}</form><script>document.forms[0].submit()</script>`;
}

async function seedBridge(): Promise<void> {
  const res = await platform(emu)("POST", "/telephony/bridges/", { body: { name: "Main", slug: "main" } });
  expect(res.status).toBe(201);
}

const bridgeNames = async () => (await emu.admin.state()).bridges.map((b) => b.name);

describe("a hostile page in a real browser", () => {
  it.each([
    ["/_emulator/reset", "text/plain", { anything: "1" }],
    ["/_emulator/reset", "application/x-www-form-urlencoded", { anything: "1" }],
    ["/dashboard/orgs/acme/bridges/main/rename", "application/x-www-form-urlencoded", { name: "Pwned" }],
  ])("its form posting to %s (%s) reaches the emulator and is refused", async (path, enctype, fields) => {
    await seedBridge();
    pages = { "/": autoPost(`${emu.url}${path}`, enctype, fields) };
    const page = await browser.newPage();
    try {
      const answer = page.waitForResponse((r) => r.url() === `${emu.url}${path}`);
      // localhost and 127.0.0.1 are different sites: the page is another site's.
      await page.goto(`http://localhost:${attackerPort}/`);
      const res = await answer;
      expect(res.status()).toBe(403);
      expect(await res.text()).toContain("another site's page");
    } finally {
      await page.close();
    }
    expect(await bridgeNames()).toEqual(["Main"]);
  });

  it("its no-cors fetch of a body-less admin change is refused", async () => {
    await seedBridge();
    const url = `${emu.url}/_emulator/reset`;
    pages = {
      "/": `<script>fetch(${JSON.stringify(url)}, { method: "POST", mode: "no-cors", body: "x" })</script>`,
    };
    const page = await browser.newPage();
    try {
      const answer = page.waitForResponse((r) => r.url() === url);
      await page.goto(`http://localhost:${attackerPort}/`);
      expect((await answer).status()).toBe(403);
    } finally {
      await page.close();
    }
    expect(await bridgeNames()).toEqual(["Main"]);
  });

  it("its own name resolving to loopback (DNS rebinding) reads and changes nothing", async () => {
    await seedBridge();
    const port = new URL(emu.url).port;
    const rebound = `http://evil.example:${port}`;
    const page = await browser.newPage();
    try {
      for (const path of ["/_emulator/state", "/", "/api/v2/platform/organizations/"]) {
        const res = await page.goto(`${rebound}${path}`);
        expect({ path, status: res?.status() }).toEqual({ path, status: 421 });
        expect(await page.content()).not.toContain(emu.token);
      }
      // Same-origin now, so the page may send what it likes; the Host still gives it away.
      const status = await page.evaluate(
        async (url) => (await fetch(url, { method: "POST", body: "{}" })).status,
        `${rebound}/_emulator/reset`,
      );
      expect(status).toBe(421);
    } finally {
      await page.close();
    }
    expect(await bridgeNames()).toEqual(["Main"]);
  });
});
