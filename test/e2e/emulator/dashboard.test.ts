// The emulator's dashboard in a real headless Chromium: a person renames a bridge there, and
// `pulumi preview --refresh --expect-no-changes` reports the drift.
import { stat } from "node:fs/promises";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_TIMEOUT_MS, chromiumPath } from "../../fixtures/chromium";
import { makeTempDir, type TempDir } from "../../fixtures/engine";
import { limitFor, OPERATION_MS } from "../../fixtures/limits";
import { driftReport, useVoiceStack } from "../../fixtures/voice-stack";

const ctx = useVoiceStack();
let browser: Browser;
let shots: TempDir;

beforeAll(async () => {
  const executablePath = await chromiumPath();
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: OPERATION_MS });
  shots = await makeTempDir("pulumi-voice-dashboard-");
}, CHROMIUM_INSTALL_TIMEOUT_MS + limitFor(1));
afterAll(async () => {
  await browser?.close();
  await shots?.remove();
});

const bridgeNames = async () => (await ctx.emu.admin.state()).bridges.map((b) => b.name);

describe("the dashboard in a browser", () => {
  // One case: the bridge it renames is the one its own `up` made.
  it(
    "a rename clicked in the dashboard is drift that preview --refresh names",
    async () => {
      await ctx.voice.declare({ bridges: [{ name: "support", bridgeName: "Support", slug: "support" }] });
      const up = await ctx.voice.stack.up();
      expect(up.summary.resourceChanges).toMatchObject({ create: 2 });
      expect(await bridgeNames()).toEqual(["Support"]);

      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      try {
        await page.goto(`${ctx.emu.url}/`);
        expect(await page.title()).toContain("Acme Voice (acme)");
        const name = page.getByLabel("New name for bridge support");
        expect(await name.inputValue()).toBe("Support");

        await name.fill("Renamed in the browser");
        await Promise.all([
          page.waitForURL(`${ctx.emu.url}/?org=acme`),
          page.getByRole("button", { name: "Rename bridge support" }).click(),
        ]);
        expect(await page.getByLabel("New name for bridge support").inputValue()).toBe(
          "Renamed in the browser",
        );
        const screenshot = path.join(shots.path, "dashboard.png");
        await page.screenshot({ path: screenshot, fullPage: true });
        expect((await stat(screenshot)).size).toBeGreaterThan(10_000);
      } finally {
        await page.close();
      }
      expect(await bridgeNames()).toEqual(["Renamed in the browser"]);

      const drift = await driftReport(ctx.voice.stack);
      expect(drift).toMatch(
        /~ pulumi-nodejs:dynamic\/voice:Bridge: \(update\)[\s\S]*\[urn=.*::support\][\s\S]*name\s*:\s*"Renamed in the browser" => "Support"/,
      );
      // up, the browser's rename, the drift preview
    },
    limitFor(3),
  );
});
